import { createWriteStream, type WriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { DlqMessage } from '../service/schemas.js'

/** Where listed messages go as they arrive, so a big DLQ never has to fit in memory. */
export interface MessageSink {
  write(messages: readonly DlqMessage[]): Promise<void>
  close(): Promise<void>
}

/** Writes each message, every field as the service sent it, as one JSON line (NDJSON), honouring backpressure. */
export class NdjsonFile implements MessageSink {
  private queue: Promise<void> = Promise.resolve()

  private constructor(private readonly stream: WriteStream) {}

  static async open(path: string): Promise<NdjsonFile> {
    await mkdir(dirname(path), { recursive: true })
    const stream = createWriteStream(path, { flags: 'w' })
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve())
      stream.once('error', reject)
    })
    return new NdjsonFile(stream)
  }

  /** Pages from parallel slices are written one after the other, never interleaved within a line. */
  write(messages: readonly DlqMessage[]): Promise<void> {
    if (messages.length === 0) return this.queue
    const text = messages.map(m => `${JSON.stringify(m)}\n`).join('')
    this.queue = this.queue.then(
      () =>
        new Promise<void>((resolve, reject) => {
          const onError = (err: Error): void => reject(err)
          this.stream.once('error', onError)
          const done = (): void => {
            this.stream.off('error', onError)
            resolve()
          }
          if (this.stream.write(text)) done()
          else this.stream.once('drain', done)
        })
    )
    return this.queue
  }

  async close(): Promise<void> {
    await this.queue
    await new Promise<void>((resolve, reject) => {
      this.stream.once('error', reject)
      this.stream.end(() => resolve())
    })
  }
}
