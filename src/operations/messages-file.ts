import { createWriteStream, type WriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { DlqMessage } from '../service/schemas.js'

/** Where listed messages go as they arrive, so a big DLQ never has to fit in memory. */
export interface MessageSink {
  write(messages: readonly DlqMessage[]): Promise<void>
  /** Empties the file and starts over (a parallel listing that falls back to a sequential one). */
  restart(): Promise<void>
  close(): Promise<void>
}

export interface NdjsonOptions {
  /**
   * Turns one record into its line, without the newline. Required: it is where the output boundary redacts, and a
   * file written around it would keep a secret verbatim.
   */
  encode: (record: unknown) => string
}

/** Writes each record, every field as the service sent it, as one JSON line (NDJSON), honouring backpressure. */
export class NdjsonFile implements MessageSink {
  private queue: Promise<void> = Promise.resolve()

  private constructor(
    private stream: WriteStream,
    private readonly path: string,
    private readonly encode: (record: unknown) => string
  ) {}

  static async open(path: string, options: NdjsonOptions): Promise<NdjsonFile> {
    await mkdir(dirname(path), { recursive: true })
    return new NdjsonFile(await openStream(path), path, options.encode)
  }

  /** Pages from parallel slices are written one after the other, never interleaved within a line. */
  write(records: readonly unknown[]): Promise<void> {
    if (records.length === 0) return this.queue
    let text = ''
    for (const record of records) text += `${this.encode(record)}\n`
    this.queue = this.queue.then(
      () =>
        new Promise<void>((resolve, reject) => {
          const stream = this.stream
          const onError = (err: Error): void => reject(err)
          stream.once('error', onError)
          const done = (): void => {
            stream.off('error', onError)
            resolve()
          }
          if (stream.write(text)) done()
          else stream.once('drain', done)
        })
    )
    return this.queue
  }

  /** Waits for the writes queued so far, then truncates the file and writes from its start again. */
  restart(): Promise<void> {
    this.queue = this.queue.then(async () => {
      await endStream(this.stream)
      this.stream = await openStream(this.path)
    })
    return this.queue
  }

  async close(): Promise<void> {
    await this.queue
    await endStream(this.stream)
  }
}

async function openStream(path: string): Promise<WriteStream> {
  const stream = createWriteStream(path, { flags: 'w' })
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve())
    stream.once('error', reject)
  })
  return stream
}

function endStream(stream: WriteStream): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    stream.once('error', reject)
    stream.end(() => resolve())
  })
}
