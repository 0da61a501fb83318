/**
 * The report of retry-messages, from built results shaped as the engine produces them: every text says "retried" and
 * "messages", the new message ids and the deduplicated count are told, a watch's failed-again messages are named by
 * their new ids, and the outputs are the retry's only, within 1 MB however many messages.
 */
import { describe, expect, it } from '@jest/globals'
import { GITHUB_OUTPUTS_MAX_BYTES, Outputs } from '../../src/constants.js'
import { githubBytes } from '../../src/report/boundary.js'
import { resumeReport as report } from '../../src/report/resume.js'
import type { ResumeResult } from '../../src/resume-results.js'
import {
  failedAgainMessages,
  retriedMessages,
  retryResult,
  STAGED_START as T0,
  stagedResult,
  stageOutcome,
  stageWatch,
  watchPoll
} from '../support/results.js'

const render = (result: ResumeResult) => report.summary(result, {}, { now: T0 })
const lines = (markdown: string) => markdown.split('\n').filter(line => line !== '')
/** Words of workflow runs and resumes, none of which a retry's report may say ("re-run" is the step's). */
const NOT_A_RETRY = /resum|workflow|(?<!re-)\bruns?\b/i

const URL_A = 'https://api.example.com/hooks/payment'
const retried = retryResult({
  selection: { url: [URL_A], responseStatus: 500 },
  messages: retriedMessages(14, 12),
  deduplicated: 12
})

describe('the report of a retry', () => {
  it('says retried messages in the notice and the heading', () => {
    expect(report.notice!(retried, T0)).toBe(
      'Retried 14 messages; selection: url "https://api.example.com/hooks/payment", response-status 500, of any age'
    )
    expect(lines(render(retried))[0]).toBe(
      '## ✅ Retried 14 messages; selection: url `https://api.example.com/hooks/payment`, response-status 500, of any age'
    )
  })

  it('says how many the service deduplicated, and names the new message ids where runs are named for a resume', () => {
    const summary = render(retried)
    expect(summary).toContain('**14 new messages** created by 1 request.')
    expect(summary).toContain('12 of them deduplicated: the service did not deliver them again.')
    expect(summary).toContain('### New messages')
    expect(summary).toContain('| delivered again | 2 | `msg_retried_13` `msg_retried_14` |')
    expect(summary).toMatch(/\| deduplicated: not delivered again \| 12 \| `msg_retried_1` `msg_retried_2`/)
    expect(summary).toContain('> **What a retry does:**')
    expect(summary).not.toMatch(NOT_A_RETRY)
  })

  it('asks in the words of the listing: the message filters, the delay and the cap as max-entries', () => {
    const summary = render(
      retryResult({
        selection: { messageId: 'msg_1', topicName: ['orders'], callerIp: ['10.0.0.1'] },
        overrides: { delay: '10s', retries: 2 },
        maxRuns: 500,
        messages: retriedMessages(1)
      })
    )
    const asked = summary.slice(summary.indexOf('### What was asked'))
    expect(asked).toContain('  - Message id (`message-id`): `msg_1`')
    expect(asked).toContain('  - Topic (`topic-name`): `orders`')
    expect(asked).toContain('  - Caller IP (`caller-ip`): `10.0.0.1`')
    expect(asked).toContain('  - Delay before each is delivered (`delay`): `10s`')
    expect(asked).toContain('- At most (`max-entries`): 500 messages')
    expect(summary).toContain('None of them deduplicated: the service delivered each again.')
  })

  it('says "possibly retried", up to a page of 100 a lost answer, when answers were lost', () => {
    const lost = retryResult({ messages: retriedMessages(3), uncertainRequests: 1 })
    expect(report.notice!(lost, T0)).toMatch(
      /^Retried at least 3 messages; up to 100 more possibly retried \(1 request got no readable answer\)/
    )
    expect(render(lost)).toContain(
      '**⚠️ Possibly retried:** 1 retry request got no readable answer (lost after sending, or unreadable): the ' +
        'service may have retried up to 100 more messages than listed here (possibly retried; they left the DLQ, so ' +
        'none is retried twice).'
    )
    const failure = report.failure(lost)!
    expect(failure).toMatch(/^1 retry request got no readable answer/)
    expect(failure).not.toMatch(/resum/i)
  })

  it('writes retried-count, the new message ids and deduplicated-count, and no output of a workflow verb', () => {
    const outputs = report.outputs(retried)
    expect(outputs[Outputs.RetriedCount]).toBe('14')
    expect(JSON.parse(outputs[Outputs.MessageIds]!)).toEqual(retriedMessages(14).map(m => m.messageId))
    expect(outputs[Outputs.MessageIdsTruncated]).toBe('false')
    expect(outputs[Outputs.DeduplicatedCount]).toBe('12')
    expect(outputs[Outputs.GoneCount]).toBe('0')
    expect(outputs[Outputs.Complete]).toBe('true')
    for (const other of [
      Outputs.ResumedCount,
      Outputs.RestartedCount,
      Outputs.WorkflowRunIds,
      Outputs.WorkflowRuns,
      Outputs.RunsFile,
      Outputs.RefusedDlqIds,
      Outputs.FailedAgainRunIds
    ]) {
      expect(outputs).not.toHaveProperty(other)
    }
  })

  it('keeps the outputs of 25,000 retried messages under 1 MB counted in UTF-16, message-ids cut and flagged', () => {
    const messages = Array.from({ length: 25_000 }, (_, i) => ({
      messageId: `msg_${String(i).padStart(8, '0')}-7c1f-4a8e-9b2d-3e5f6a7b8c9d`
    }))
    const outputs = report.outputs(retryResult({ messages, nextCursor: 'c'.repeat(4096) }))
    // Counted apart from the code under test: UTF-16 code units, two bytes each, as GitHub counts outputs.
    const total = Object.entries(outputs).reduce((n, [k, v]) => n + Buffer.byteLength(k + (v ?? ''), 'utf16le'), 0)
    expect(total).toBeLessThan(GITHUB_OUTPUTS_MAX_BYTES)
    expect(total).toBe(Object.entries(outputs).reduce((n, [k, v]) => n + githubBytes(k) + githubBytes(v ?? ''), 0))
    const ids = JSON.parse(outputs[Outputs.MessageIds]!) as string[]
    expect(ids.length).toBeGreaterThan(1000)
    expect(ids).toEqual(messages.slice(0, ids.length).map(m => m.messageId))
    expect(outputs[Outputs.MessageIdsTruncated]).toBe('true')
    expect(outputs[Outputs.RetriedCount]).toBe('25000')
    expect(render(retryResult({ messages }))).toContain('more (output `message-ids`)')
  })
})

describe('a staged retry stopped by its watch', () => {
  const ids = retriedMessages(4).map(m => m.messageId)
  const watch = stageWatch({ endedAt: T0 + 30_000, polls: [watchPoll(T0 + 30_000, { failedAgain: 2 })] })
  const result = stagedResult(
    {
      plan: { sizes: [4, Infinity], watchMs: 600_000, watchText: '10m', maxFailed: 1, watchRetries: 0 },
      stages: [stageOutcome({ verdict: 'stopped', runIds: ids, watch })],
      failedAgain: failedAgainMessages(ids.slice(0, 2), { responseStatus: 502, bodySample: '{"error":"bad gateway"}' })
    },
    {
      operation: 'retry-messages',
      selection: { url: [URL_A] },
      runs: [],
      messages: retriedMessages(4),
      deduplicated: 0,
      nextCursor: 'cur'
    }
  )

  it('says messages retried so far, back in the DLQ under their new ids, in every part', () => {
    const summary = render(result)
    expect(lines(summary)[0]).toMatch(
      /^## 🛑 Stopped after stage 1 of 2: 2 of the 4 messages retried so far failed again \(watch-max-failed: 1\); 4 messages retried in all, no further stage;/
    )
    expect(summary).toContain('| Stage | Asked | Retried | Watched for | Failed again | Result |')
    expect(summary).toContain(
      'stopped: 2 of the messages retried so far back in the DLQ after 30s, more than the 1 allowed'
    )
    expect(summary).toContain(
      'Once the fix holds, retry the messages that failed again with input `dlq-ids` set to output ' +
        '`failed-again-dlq-ids`: each is back in the DLQ under its new message id.'
    )
    expect(summary).toContain('> **The watch judged the DLQ alone:**')
    expect(summary).not.toMatch(NOT_A_RETRY)
  })

  it('shows the messages that failed again by message id, stage, status and response, with no run-log column', () => {
    const summary = render(result)
    const table = summary.slice(summary.indexOf('### Messages that failed again')).split('\n')
    expect(table[2]).toBe(
      '| Messages | Retried by stage | Seen in the watch after | Status | How it failed | New message ids |'
    )
    expect(table[4]).toBe('| 2 | 1 | 1 | 502 | `bad gateway` | `msg_retried_1` `msg_retried_2` |')
    expect(summary).not.toMatch(/\| Step \||\| Seen in \||\| State \|/)
  })

  it('fails the step naming the first message, and says what a re-run continues with', () => {
    expect(report.failure(result)).toBe(
      '2 of the 4 messages retried by stage 1 of 2 failed again, more than watch-max-failed (1) allows; the first, ' +
        'message "msg_retried_1" of stage 1, last answered HTTP 502 "bad gateway"; no further stage was retried; ' +
        `to continue, re-run with cursor: cur, to-date: ${T0 - 1}`
    )
  })

  it('writes the failed-again message ids and DLQ ids, never the run outputs', () => {
    const outputs = report.outputs(result)
    expect(JSON.parse(outputs[Outputs.FailedAgainMessageIds]!)).toEqual(['msg_retried_1', 'msg_retried_2'])
    expect(outputs[Outputs.FailedAgainMessageIdsTruncated]).toBe('false')
    expect(JSON.parse(outputs[Outputs.FailedAgainDlqIds]!)).toEqual([
      'dlq_again_msg_retried_1',
      'dlq_again_msg_retried_2'
    ])
    expect(outputs[Outputs.FailedAgainCount]).toBe('2')
    expect(outputs[Outputs.Complete]).toBe('false')
    for (const other of [
      Outputs.FailedAgainRunIds,
      Outputs.FailedAgainRuns,
      Outputs.RunStates,
      Outputs.CompletedCount
    ]) {
      expect(outputs).not.toHaveProperty(other)
    }
  })

  it('fits 25,000 messages failed again of 40,000 retried under 1 MB, those failed again first', () => {
    const many = retriedMessages(40_000)
    const big = stagedResult(
      {
        plan: { sizes: [40_000, Infinity], watchMs: 60_000, maxFailed: 0 },
        stages: [stageOutcome({ verdict: 'stopped', runIds: many.map(m => m.messageId) })],
        failedAgain: failedAgainMessages(many.slice(0, 25_000).map(m => m.messageId))
      },
      { operation: 'retry-messages', runs: [], messages: many, nextCursor: 'c' }
    )
    const outputs = report.outputs(big)
    const bytes = Object.entries(outputs).reduce((n, [k, v]) => n + githubBytes(k) + githubBytes(v ?? ''), 0)
    expect(bytes).toBeLessThan(GITHUB_OUTPUTS_MAX_BYTES)
    const again = JSON.parse(outputs[Outputs.FailedAgainMessageIds]!) as string[]
    expect(again.length).toBeGreaterThan(1000)
    expect(outputs[Outputs.FailedAgainMessageIdsTruncated]).toBe(String(again.length < 25_000))
    expect(outputs[Outputs.MessageIdsTruncated]).toBe('true')
  })
})

describe('a staged retry no watch ran for', () => {
  it('says nothing of a run log: a retry reads none, and none was watched', () => {
    const result = stagedResult(
      {
        plan: { sizes: [4, Infinity], watchMs: 600_000, watchText: '10m', maxFailed: 0 },
        // Its ids were cut by nothing: stage 1 took every message and ran out, so no watch followed.
        stages: [
          { ...stageOutcome({ verdict: 'last', runIds: retriedMessages(4).map(m => m.messageId) }), watch: undefined }
        ],
        runLog: 'absent'
      },
      { operation: 'retry-messages', selection: { url: [URL_A] }, runs: [], messages: retriedMessages(4) }
    )
    const summary = render(result)
    expect(summary).toContain('Retried 4 messages')
    expect(summary).not.toContain('keeps no run log')
    expect(summary).not.toContain('judged the DLQ alone')
  })
})
