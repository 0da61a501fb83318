import { once } from 'node:events'
import { createWriteStream, type WriteStream } from 'node:fs'
import { mkdir, open } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { DlqMessage } from '../service/schemas.js'
import type { Failure } from '../failure.js'

/** Where listed messages go as they arrive, so a big DLQ never has to fit in memory. */
export interface MessageSink {
  write(messages: readonly DlqMessage[]): Promise<void>
  /** Empties the file and starts over (a parallel listing that falls back to a sequential one). */
  restart(): Promise<void>
}

/** One record's line, without the newline: the output boundary, which redacts (a file written around it would not). */
export type Encode = (record: unknown) => string

/** How the file writes its lines, and the input that named it (for its error). */
type NdjsonOptions = { encode: Encode; input: string }

/** A file the action writes could not be written: carries the input, the path and the errno as its failure. */
export class FileWriteError extends Error {
  override name = 'FileWriteError'
  readonly failure: Failure & { kind: 'file' }
  constructor(input: string, path: string, code: string) {
    super(`${input} could not be written: ${code}`)
    this.failure = { kind: 'file', input, path, code }
  }
}

/** Writes each record as one JSON line (NDJSON); after the first write error, every write and close reject with it. */
export class NdjsonFile implements MessageSink {
  private queue: Promise<void> = Promise.resolve()
  private failure?: FileWriteError

  private constructor(
    private stream: WriteStream,
    private readonly path: string,
    private readonly options: NdjsonOptions
  ) {
    this.watch(stream)
  }

  static async open(path: string, options: NdjsonOptions): Promise<NdjsonFile> {
    await mkdir(dirname(path), { recursive: true })
    return new NdjsonFile(await openStream(path), path, options)
  }

  /** Pages from parallel slices are written one after the other, never interleaved within a line. */
  write(records: readonly unknown[]): Promise<void> {
    if (records.length === 0) return this.queue
    let text = ''
    for (const record of records) text += `${this.options.encode(record)}\n`
    this.queue = this.queue.then(() => this.writeText(text))
    return this.queue
  }

  /** After the writes queued so far, empties the file. Never rejects: a failed reopen is the next write's error. */
  restart(): Promise<void> {
    this.queue = this.queue
      .catch(() => {})
      .then(async () => {
        await endStream(this.stream)
        try {
          this.stream = await openStream(this.path)
          this.failure = undefined
          this.watch(this.stream)
        } catch (err) {
          this.fail(err)
        }
      })
    return this.queue
  }

  /** Flushes every line written to the file; rejects with the write error if there was one. */
  async close(): Promise<void> {
    try {
      await this.queue
    } finally {
      if (this.failure !== undefined) this.stream.destroy()
    }
    await endStream(this.stream)
    if (this.failure !== undefined) throw this.failure
  }

  private fail(err: unknown): FileWriteError {
    this.failure ??= new FileWriteError(this.options.input, this.path, (err as NodeJS.ErrnoException)?.code ?? 'EIO')
    return this.failure
  }

  /** A stream error is kept, never thrown: an 'error' event without a listener would crash the process. */
  private watch(stream: WriteStream): void {
    stream.on('error', err => this.fail(err))
  }

  private writeText(text: string): Promise<void> {
    if (this.failure !== undefined) return Promise.reject(this.failure)
    const stream = this.stream
    return new Promise<void>((resolve, reject) => {
      let waiting = false
      const settle = (err?: unknown): void => {
        stream.off('close', onClose)
        if (err !== undefined && err !== null) reject(this.fail(err))
        else if (this.failure !== undefined) reject(this.failure)
        else resolve()
      }
      // A stream destroyed otherwise still calls back; this only guards against a stream closed under us.
      const onClose = (): void => settle(this.failure ?? new Error('closed'))
      // Over the buffer, wait for these bytes to reach the file (or fail to): that is the backpressure, and the
      // callback comes before any 'drain', so a refused write is never taken for a flushed one.
      const accepted = stream.write(text, err => {
        if (waiting || err) settle(err ?? undefined)
      })
      if (accepted) settle()
      else {
        waiting = true
        stream.once('close', onClose)
      }
    })
  }
}

async function openStream(path: string): Promise<WriteStream> {
  const stream = createWriteStream(path, { flags: 'w' })
  // Rejects with the error when the file cannot be opened.
  await once(stream, 'open')
  return stream
}

/** Ends the stream and waits until every byte is flushed; a destroyed stream has nothing left to flush. */
function endStream(stream: WriteStream): Promise<void> {
  if (stream.destroyed) return Promise.resolve()
  return new Promise<void>(resolve => {
    stream.once('close', () => resolve())
    stream.end()
  })
}

/**
 * Flushes a written, closed file to the disk (fsync), then its folder's entry where the system allows it: what must be
 * on record before a write that cannot be undone. Throws FileWriteError naming the input when the file's data cannot.
 */
export async function syncToDisk(path: string, input: string): Promise<void> {
  try {
    const file = await open(path, 'r+')
    try {
      await file.sync()
    } finally {
      await file.close()
    }
  } catch (err) {
    throw new FileWriteError(input, path, (err as NodeJS.ErrnoException)?.code ?? 'EIO')
  }
  // A new file's name lives in its folder: best effort, as some systems (Windows) cannot open a folder to sync it.
  try {
    const folder = await open(dirname(path), 'r')
    try {
      await folder.sync()
    } finally {
      await folder.close()
    }
  } catch {
    // The file's own data is on disk; its entry is as safe as the system makes it.
  }
}
