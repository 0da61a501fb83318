/**
 * Destination credentials in messages-file, end to end: the bundled action lists a simulator whose messages carry
 * Authorization, Cookie, X-Api-Key, Upstash-Forward-Authorization, Proxy-Authorization and Set-Cookie values; by
 * default none of them, in any encoding, reaches the file or anything else written, and every other header stays.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import {
  ALL_VARIANTS,
  CREDENTIAL_VALUES_PER_MESSAGE,
  DESTINATION_CREDENTIALS,
  startSimulator,
  type Simulator
} from '../../sim/index.js'
import { REDACTED_HEADER_VALUE } from '../../src/operations/credential-headers.js'
import { runAction, type ActionRun } from '../../tools/harness.js'

const MESSAGES = 90
/** Messages 0, 3, 6 … carry credentials: 30 of 90. */
const EVERY = 3
const WITH_CREDENTIALS = Math.ceil(MESSAGES / EVERY)
const EXPECTED = WITH_CREDENTIALS * CREDENTIAL_VALUES_PER_MESSAGE

let sim: Simulator
let dir: string
afterEach(async () => {
  await sim.close()
  await rm(dir, { recursive: true, force: true })
})

type Line = { messageId: string; header?: Record<string, unknown>; responseHeader?: Record<string, unknown> }

async function list(extra: Record<string, string> = {}): Promise<{ run: ActionRun; text: string; lines: Line[] }> {
  const file = join(dir, 'dlq.ndjson')
  const run = await runAction({
    operation: 'list-dlq',
    token: 'sim-token',
    'base-url': sim.url,
    'messages-file': file,
    count: '20',
    ...extra
  })
  const text = await readFile(file, 'utf8')
  return {
    run,
    text,
    lines: text
      .trim()
      .split('\n')
      .map(l => JSON.parse(l) as Line)
  }
}

/** Every credential value, alone and inside the strings it was sent in, raw and encoded as a leak might be. */
function forms(): string[] {
  const values = [
    DESTINATION_CREDENTIALS.authorization,
    DESTINATION_CREDENTIALS.forwardAuthorization,
    DESTINATION_CREDENTIALS.proxyAuthorization,
    DESTINATION_CREDENTIALS.cookie,
    DESTINATION_CREDENTIALS.apiKey,
    ...DESTINATION_CREDENTIALS.setCookie,
    // The distinctive parts, should a value be cut or reworded.
    'dest-token-7Qx9',
    'ZGVzdDpmb3J3YXJkLXB3',
    'cHJveHk6cHc=',
    'dest-cookie-51ab',
    'dest-apikey-0c4e',
    'dest-sid-93fe',
    'dest-csrf-22d1'
  ]
  return values.flatMap(v => [
    v,
    encodeURIComponent(v),
    Buffer.from(v).toString('base64'),
    Buffer.from(`x${v}`).toString('base64'),
    Buffer.from(`xy${v}`).toString('base64')
  ])
}

/** The log without the runner's mask commands, the outputs and the summary. */
function writtenElsewhere(run: ActionRun): string {
  const log = run.stdout
    .split('\n')
    .filter(l => !l.startsWith('::add-mask::'))
    .join('\n')
  return [log, run.stderr, JSON.stringify(run.outputs), run.summary].join('\n')
}

describe.each([
  ['sequential', {}, {}, false],
  ['in parallel date slices', { concurrency: '4' }, {}, false],
  // The file starts over when the slices cannot be trusted: so does the count of what it holds.
  ['in parallel against every server variant (the slices fall back)', { concurrency: '4' }, ALL_VARIANTS, true]
])('messages-file %s', (_name, inputs, variants, fallsBack) => {
  beforeEach(async () => {
    sim = await startSimulator({ token: 'sim-token', messages: MESSAGES, credentialsEvery: EVERY, variants })
    dir = await mkdtemp(join(tmpdir(), 'credentials-'))
  })

  it('carries no credential value in any encoding, keeps every other header, and says how many were redacted', async () => {
    const { run, text, lines } = await list(inputs)
    expect(run.code).toBe(0)
    expect(run.stdout.includes('Listing again as one sequential listing')).toBe(fallsBack)
    expect(lines).toHaveLength(MESSAGES)
    const all = `${text}\n${writtenElsewhere(run)}`
    for (const form of forms()) expect(all).not.toContain(form)

    const withCredentials = lines.filter(l => l.header?.['Authorization'] !== undefined)
    expect(withCredentials).toHaveLength(WITH_CREDENTIALS)
    for (const line of withCredentials) {
      expect(line.header).toEqual({
        Authorization: [REDACTED_HEADER_VALUE],
        'Upstash-Forward-Authorization': [REDACTED_HEADER_VALUE],
        'proxy-authorization': [REDACTED_HEADER_VALUE],
        Cookie: [REDACTED_HEADER_VALUE],
        'X-API-KEY': [REDACTED_HEADER_VALUE],
        'Content-Type': ['application/json'],
        'X-Request-Id': ['req-credential-1']
      })
      expect(line.responseHeader).toEqual({
        'Set-Cookie': [REDACTED_HEADER_VALUE, REDACTED_HEADER_VALUE],
        'Content-Type': ['text/html']
      })
    }
    // The other messages' headers are as seeded, not touched.
    const others = lines.filter(l => l.header?.['Authorization'] === undefined)
    expect(JSON.stringify(others)).not.toContain(REDACTED_HEADER_VALUE)
    expect(others.some(l => JSON.stringify(l.header).includes('X-Trace-Id'))).toBe(true)

    // Said once in the log and once in the summary, with the count of values replaced.
    const count = new RegExp(`\\b${EXPECTED}\\b[^\\n]*credential header values[^\\n]*keep-credential-headers`)
    expect(run.stdout.split('\n').filter(l => count.test(l))).toHaveLength(1)
    expect(run.summary.split('\n').filter(l => count.test(l))).toHaveLength(1)
  })
})

describe('keep-credential-headers: true', () => {
  beforeEach(async () => {
    sim = await startSimulator({ token: 'sim-token', messages: MESSAGES, credentialsEvery: EVERY })
    dir = await mkdtemp(join(tmpdir(), 'credentials-'))
  })

  it('keeps the values as the service sent them, and says nothing of redaction', async () => {
    const { run, text, lines } = await list({ 'keep-credential-headers': 'true' })
    expect(run.code).toBe(0)
    expect(text).not.toContain(REDACTED_HEADER_VALUE)
    const first = lines.find(l => l.header?.['Authorization'] !== undefined)
    expect(first?.header?.['Authorization']).toEqual([DESTINATION_CREDENTIALS.authorization])
    expect(first?.responseHeader?.['Set-Cookie']).toEqual([...DESTINATION_CREDENTIALS.setCookie])
    expect(lines.filter(l => l.header?.['Authorization'] !== undefined)).toHaveLength(WITH_CREDENTIALS)
    expect(`${run.stdout}\n${run.summary}`).not.toMatch(/credential header values? (was|were) redacted/)
    // Only the file carries header values: the summary, the outputs and the log show none, even kept.
    for (const form of forms()) expect(writtenElsewhere(run)).not.toContain(form)
  })
})
