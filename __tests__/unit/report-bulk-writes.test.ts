/**
 * What every bulk write's report says of the same facts, whatever its verb: ids found gone one by one, a count held
 * by expect-count, a write refused before it began, and gone-count; and that a resume writes no other verb's output.
 */
import { describe, expect, it } from '@jest/globals'
import { Outputs } from '../../src/constants.js'
import type { Failure } from '../../src/failure.js'
import { resumeReport as report } from '../../src/report/resume.js'
import type { ResumeResult } from '../../src/resume-results.js'
import type { BulkOperation } from '../../src/verbs.js'
import { resumeResult, retriedMessages, STAGED_START as T0 } from '../support/results.js'

const render = (result: ResumeResult) => report.summary(result, {}, { now: T0 })
const DLQ_IDS = Array.from({ length: 10 }, (_, i) => `dlq_${i + 1}`)

/** A write of each verb by dlq-ids that took three entries. */
function byIds(operation: BulkOperation, more: Partial<ResumeResult> = {}): ResumeResult {
  const made =
    operation === 'retry-messages'
      ? { messages: retriedMessages(3), deduplicated: 0 }
      : { runs: ['wfr_a', 'wfr_b', 'wfr_c'].map(workflowRunId => ({ workflowRunId, workflowCreatedAt: T0 })) }
  return resumeResult({ operation, selection: { dlqIds: DLQ_IDS }, ...made, ...more })
}

const VERB_PAST = { 'resume-workflows': 'Resumed', 'restart-workflows': 'Restarted', 'retry-messages': 'Retried' }

describe.each(Object.keys(VERB_PAST) as (keyof typeof VERB_PAST)[])('%s by dlq-ids', operation => {
  it('names the first few ids found gone one by one, in a lead and a warning, and counts them in gone-count', () => {
    const result = byIds(operation, { goneOneByOne: { count: 7, named: DLQ_IDS.slice(3) } })
    const said = '7 of the dlq-ids given were no longer in the DLQ (taken or removed since listed): '
    expect(render(result)).toContain(
      `**⚠️ Already gone:** ${said}\`dlq_4\`, \`dlq_5\`, \`dlq_6\`, \`dlq_7\`, \`dlq_8\` and 2 more.`
    )
    expect(report.warnings(result)).toContain(`${said}"dlq_4", "dlq_5", "dlq_6", "dlq_7", "dlq_8" and 2 more`)
    expect(report.outputs(result)[Outputs.GoneCount]).toBe('7')
    // Gone ids are nothing left to take: the write is complete, and its heading says what it did.
    expect(report.outputs(result)[Outputs.Complete]).toBe('true')
    expect(render(result).split('\n')[0]).toMatch(new RegExp(`^## ✅ ${VERB_PAST[operation]} 3 `))
  })

  it('counts in gone-count the ids told gone one by one, and none when not one id was there', () => {
    const result = byIds(operation, { goneOneByOne: { count: 6, named: ['dlq_1'] } })
    expect(report.outputs(result)[Outputs.GoneCount]).toBe('6')
    const gone = byIds(operation, { runs: [], messages: [], failure: { kind: 'ids-gone', ids: 10 } })
    // Not one found: the service may lack the write, or be another one; the failure says so, no id is called gone.
    expect(report.outputs(gone)[Outputs.GoneCount]).toBe('0')
    // Nothing was taken and nothing is left to continue: the same ids again would only repeat it.
    expect(render(gone).split('\n')[0]).toMatch(new RegExp(`^## ❌ Nothing ${VERB_PAST[operation].toLowerCase()}: `))
    expect(render(gone)).not.toContain('To continue')
  })

  it('says how many ids given were neither taken nor named, when the service took what it found of a request', () => {
    // 10 given, 3 taken, 2 told gone one by one: 5 the service said nothing of.
    const result = byIds(operation, { goneOneByOne: { count: 2, named: ['dlq_1', 'dlq_2'] } })
    const past = VERB_PAST[operation].toLowerCase()
    const silent =
      `5 more of the dlq-ids given were neither ${past} nor named by the service: it ${past} what it found of the ` +
      'requests that sent them, so they were most likely no longer in the DLQ (a dry run with the same dlq-ids tells)'
    expect(report.warnings(result)).toContain(
      `2 of the dlq-ids given were no longer in the DLQ (taken or removed since listed): "dlq_1", "dlq_2"; ${silent}`
    )
    // Alone, and not at all when the write stopped before its end (the rest is then the continuation's).
    expect(report.warnings(byIds(operation)).join('\n')).toContain(`7 of the dlq-ids given were neither ${past}`)
    const stopped = byIds(operation, { continueFrom: { position: 5, dlqId: 'dlq_6', remaining: 5 } })
    expect(report.warnings(stopped).join('\n')).not.toContain('neither')
    // Taken and told add up to the ids given: nothing is said.
    expect(report.warnings(byIds(operation, { goneOneByOne: { count: 7, named: [] } }))).toEqual([
      '7 of the dlq-ids given were no longer in the DLQ (taken or removed since listed)'
    ])
  })

  it('held to expect-count, counts the ids listed that were neither taken nor named, those the listing found gone too', () => {
    // 10 given and expected: 3 taken, 2 the listing found gone, so 8 written; the service named none of the other 5.
    const gone = { count: 2, named: ['dlq_9', 'dlq_10'] }
    const result = byIds(operation, { expected: { count: 10, listed: 8 }, goneOneByOne: gone })
    expect(report.warnings(result)).toEqual([
      '2 of the dlq-ids given were no longer in the DLQ (taken or removed since listed): "dlq_9", "dlq_10"; 5 more ' +
        `of the dlq-ids given were neither ${VERB_PAST[operation].toLowerCase()} nor named by the service: it ` +
        `${VERB_PAST[operation].toLowerCase()} what it found of the requests that sent them, so they were most likely ` +
        'no longer in the DLQ (a dry run with the same dlq-ids tells)'
    ])
  })

  it('says expect-count held, and that the entries were taken by their DLQ ids', () => {
    const result = byIds(operation, { expected: { count: 3, listed: 3 } })
    expect(render(result)).toContain('- `expect-count`: 3 listed and expected, taken by their DLQ ids')
  })

  it('says nothing was taken when expect-count did not hold, with no continuation', () => {
    const failure: Failure = { kind: 'count-mismatch', expected: 3, found: 5, complete: true }
    const result = resumeResult({ operation, requests: 0, failure })
    const past = VERB_PAST[operation].toLowerCase()
    expect(render(result).split('\n')[0]).toMatch(
      new RegExp(`^## ❌ Nothing ${past}: the selection is not the 3 entries expected;`)
    )
    expect(report.failure(result)).toBe(
      'expect-count is 3 but the selection holds 5 entries; nothing was written. Review the selection (dry-run: ' +
        'true shows it), then set expect-count to the number you mean to act on'
    )
    expect(render(result)).not.toContain('To continue')
    expect(report.notice!(result, T0)).toBeUndefined()
  })

  it('says the service lacks the verb, nothing taken, and gives no dates to continue with', () => {
    const failure: Failure = { kind: 'verb-missing', operation, path: '/v2/x', status: 405 }
    const bound = { toDate: T0 - 1, clock: 'service' as const }
    const result = resumeResult({ operation, requests: 0, failure, selection: { fromDate: T0 - 60_000 }, bound })
    expect(report.failure(result)).toMatch(
      new RegExp(`^this service does not offer ${operation}: /v2/x answered HTTP 405`)
    )
    expect(render(result).split('\n')[0]).toContain(`the service does not offer ${operation}`)
    expect(report.outputs(result)).toMatchObject({ [Outputs.NextToDate]: '', [Outputs.NextFromDate]: '' })
  })
})

describe('the outputs of a resume', () => {
  it('write gone-count, and none of the outputs restart or retry add', () => {
    const outputs = report.outputs(byIds('resume-workflows'))
    expect(outputs[Outputs.ResumedCount]).toBe('3')
    expect(outputs[Outputs.GoneCount]).toBe('0')
    for (const other of [
      Outputs.RestartedCount,
      Outputs.RetriedCount,
      Outputs.RefusedDlqIds,
      Outputs.MessageIds,
      Outputs.DeduplicatedCount,
      Outputs.FailedAgainMessageIds
    ]) {
      expect(outputs).not.toHaveProperty(other)
    }
  })
})
