/** Reading an answer: the body collected under a size cap, decoded (gzip, deflate, br), and checked as UTF-8. */
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Dispatcher } from 'undici'
import { errorCode } from './transport-errors.js'

/** A hostile or broken server must not fill the runner's memory: the cap holds before and after decoding. */
const MAX_BODY_BYTES = 64 * 1024 * 1024

/** Longest Location header an error quotes: enough to recognise it, never a flood. */
export const MAX_LOCATION_SHOWN = 500

/** A status that arrived with a body that cannot be read (too large, undecodable, not UTF-8): done, not lost. */
export class UnreadableBody extends Error {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string | undefined>,
    readonly reason: string
  ) {
    super(reason)
  }
}

const DECODERS: Record<string, (data: Buffer, options: zlib.ZlibOptions) => Promise<Buffer>> = {
  gzip: promisify(zlib.gunzip),
  'x-gzip': promisify(zlib.gunzip),
  // RFC 9110's "deflate" is zlib-wrapped, but some servers send it raw: the first two bytes tell which.
  deflate: (data, options) => {
    const wrapped = data.length >= 2 && (data[0]! & 0x0f) === 8 && ((data[0]! << 8) | data[1]!) % 31 === 0
    return promisify(wrapped ? zlib.inflate : zlib.inflateRaw)(data, options)
  },
  br: promisify(zlib.brotliDecompress)
}

/** What an attempt brought back: the status, the headers (names lower-case) and the body as text. */
export interface RawAnswer {
  status: number
  headers: Record<string, string | undefined>
  body: string
}

/** Reads a response whole; a body that arrives but cannot be read throws UnreadableBody. */
export async function readAnswer(response: Dispatcher.ResponseData): Promise<RawAnswer> {
  const status = response.statusCode
  const headers: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(response.headers)) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  const unreadable = (reason: string): UnreadableBody => new UnreadableBody(status, headers, reason)

  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) {
      response.body.destroy()
      throw unreadable(`a body larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`)
    }
    chunks.push(chunk)
  }
  let bytes: Buffer = Buffer.concat(chunks)

  // Applied in the order listed, so undone last first.
  const encodings = (headers['content-encoding'] ?? '')
    .split(',')
    .map(e => e.trim().toLowerCase())
    .filter(e => e !== '' && e !== 'identity')
  const unknown = encodings.filter(e => !Object.hasOwn(DECODERS, e))
  if (unknown.length > 0) {
    // A long name is shown by its length only: a piece of it could hold part of a secret the redactor would miss.
    const names = unknown.map(e => (e.length > 40 ? `a name of ${e.length} characters` : `"${e}"`)).join(', ')
    throw unreadable(`content-encoding ${names}, which this action cannot decode (it reads gzip, deflate and br)`)
  }
  for (const encoding of encodings.reverse()) {
    try {
      bytes = await (DECODERS[encoding] as (typeof DECODERS)[string])(bytes, { maxOutputLength: MAX_BODY_BYTES })
    } catch (err) {
      throw unreadable(
        (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
          ? `a ${encoding} body that decodes to more than ${MAX_BODY_BYTES / 1024 / 1024} MiB`
          : `a ${encoding} body that does not decode (${errorCode(err)})`
      )
    }
  }
  try {
    // fatal: a byte that is not UTF-8 must not silently become another id; a leading byte-order mark is dropped.
    return { status, headers, body: new TextDecoder('utf-8', { fatal: true }).decode(bytes) }
  } catch {
    throw unreadable('a body that is not valid UTF-8')
  }
}
