/** Reading dlq-ids-file: a newline list or a listing's NDJSON, refused with the input, the path and the line. */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readDlqIdsFile } from '../../src/inputs/id-file.js'
import { InputError } from '../../src/inputs/settings.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'id-file-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function file(text: string): string {
  const path = join(dir, 'ids')
  writeFileSync(path, text)
  return path
}

async function refusal(path: string): Promise<string> {
  const err = await readDlqIdsFile(path).then(
    () => undefined,
    (e: unknown) => e
  )
  expect(err).toBeInstanceOf(InputError)
  return (err as Error).message
}

describe('readDlqIdsFile', () => {
  it('reads a newline list, skipping blank lines and repeats, in file order', async () => {
    expect(await readDlqIdsFile(file('dlq_b\n\n  dlq_a  \r\ndlq_b\n\n'))).toEqual({
      ids: ['dlq_b', 'dlq_a'],
      lines: [1, 3]
    })
  })

  it('reads dlqId from the NDJSON lines of a workflow-run listing, and mixes with plain ids', async () => {
    const lines = [
      JSON.stringify({ messageId: 'm1', dlqId: 'dlq_1', workflowRunId: 'wfr_1', body: 'a b, c' }),
      'dlq_2',
      ''
    ]
    expect((await readDlqIdsFile(file(lines.join('\n')))).ids).toEqual(['dlq_1', 'dlq_2'])
  })

  it("reads a retry's plan: the NDJSON lines of a message listing, and refuses a failed workflow run there", async () => {
    const lines = [JSON.stringify({ messageId: 'm1', dlqId: 'dlq_1', url: 'https://a.example' }), 'dlq_2']
    expect((await readDlqIdsFile(file(lines.join('\n')), 'message')).ids).toEqual(['dlq_1', 'dlq_2'])
    const run = file(`dlq_1\n${JSON.stringify({ messageId: 'm1', dlqId: 'dlq_3', workflowRunId: 'wfr_1' })}\n`)
    const err = await readDlqIdsFile(run, 'message').then(
      () => undefined,
      (e: unknown) => e
    )
    expect(err).toBeInstanceOf(InputError)
    expect((err as Error).message).toContain('line 2 is a failed workflow run, not a DLQ message')
  })

  it.each([
    ['a line with spaces', 'dlq_1\ntwo words\n', 2],
    ['a JSON line without dlqId', `dlq_1\n\n${JSON.stringify({ messageId: 'm1' })}\n`, 3],
    ['a broken JSON line', '{"dlqId": \n', 1],
    ['a DLQ message of a message listing', `${JSON.stringify({ messageId: 'm1', dlqId: 'dlq_1' })}\n`, 1],
    ['a comma-separated line', 'dlq_1,dlq_2\n', 1]
  ])('refuses %s naming the input, the path and the line number', async (_, text, line) => {
    const path = file(text)
    const message = await refusal(path)
    expect(message).toMatch(/^Input 'dlq-ids-file' /)
    expect(message).toContain(`line ${line} `)
    expect(message).toContain(path)
  })

  it.each([
    ['empty', ''],
    ['blank', '\n  \n\n']
  ])('refuses an %s file: no id list may become no selector', async (_, text) => {
    expect(await refusal(file(text))).toMatch(/^Input 'dlq-ids-file' holds no DLQ id/)
  })

  it('refuses a file that cannot be read, naming why', async () => {
    expect(await refusal(join(dir, 'missing'))).toMatch(/^Input 'dlq-ids-file' must be a readable file .*ENOENT/)
  })
})
