/**
 * The report of restart-workflows, from built results shaped as the engine produces them: every text says "restart",
 * says that every step runs again, names each run the service refused (its text escaped), and writes the restart's
 * outputs only.
 */
import { describe, expect, it } from '@jest/globals'
import { GITHUB_OUTPUTS_MAX_BYTES, Outputs } from '../../src/constants.js'
import { githubBytes, OutputBoundary } from '../../src/report/boundary.js'
import { resumeReport as report } from '../../src/report/resume.js'
import type { ResumeResult } from '../../src/resume-results.js'
import { redactor } from '../../src/service/redact.js'
import { renderLikeGitHub } from '../support/markdown.js'
import { recorder } from '../support/recorder.js'
import {
  failedAgainRuns,
  refusedEntries,
  restartResult,
  STAGED_START as T0,
  stagedResult,
  stageOutcome,
  stageWatch,
  statusFailure,
  watchPoll
} from '../support/results.js'

const URL_A = 'https://app.example.com/api/workflow/onboarding'
/** New run ids that do not say "resumed", so that a test can look for the word in the texts. */
const RUN_IDS = ['wfr_new_1', 'wfr_new_2', 'wfr_new_3']
const RUNS = RUN_IDS.map(workflowRunId => ({ workflowRunId, workflowCreatedAt: T0 }))
/** A token-shaped secret the service echoed: the boundary's redactor must hide it wherever it lands. */
const FAKE_TOKEN = 'ghp_FAKEtoken0123456789abcdefghijklmnopqr'
/** The service's text for a refused run, carrying HTML, a mention, a runner command and the secret. */
const HOSTILE = `<img src=x onerror=alert(1)> @org/team\n::error::pwned [x](https://evil.example) ${FAKE_TOKEN}`

const render = (result: ResumeResult) => report.summary(result, {}, { now: T0 })
/** The summary without its link to when a resume is better, which names a resume on purpose. */
const withoutDocsLink = (markdown: string) => markdown.replace(/\[when to prefer a resume\]\([^)]*\)/, '')
const lines = (markdown: string) => markdown.split('\n').filter(line => line !== '')

describe('the report of a restart', () => {
  const result = restartResult({ selection: { workflowUrl: URL_A }, runs: RUNS, requests: 1 })

  it('says restarted, and that every step ran again, in the notice, and never resumed', () => {
    const notice = report.notice!(result, T0)!
    expect(notice).toMatch(
      /^Restarted 3 workflow runs; every step of each restarted run ran again, from the first, side effects included; selection: workflow-url/
    )
    expect(notice).not.toMatch(/resum/i)
  })

  it('leads the summary with the heading, then the line that every step runs again, linking when to prefer a resume', () => {
    const summary = render(result)
    const [heading, warning] = lines(summary)
    expect(heading).toMatch(/^## ✅ Restarted 3 workflow runs; selection: workflow-url `https:\/\/app\.example\.com/)
    expect(warning).toBe(
      'Every step of each restarted run runs again, from the first, side effects included: [when to prefer a resume]' +
        '(https://github.com/acme/dlq-action/blob/v1/docs/bulk-writes.md#resume-or-restart).'
    )
    // The link is the one place a resume is named: no sentence calls the restart one.
    expect(withoutDocsLink(summary)).not.toMatch(/resum/i)
    expect(summary).toContain('**3 new runs** created by 1 request.')
    expect(summary).toContain('| 2026-11-26T12:00:00.000Z | 3 | `wfr_new_1` `wfr_new_2` `wfr_new_3` |')
  })

  it('writes restarted-count, the new runs and refused-dlq-ids, and no output of another verb', () => {
    const outputs = report.outputs(result)
    expect(outputs[Outputs.RestartedCount]).toBe('3')
    expect(JSON.parse(outputs[Outputs.WorkflowRunIds]!)).toEqual(RUN_IDS)
    expect(outputs[Outputs.RefusedDlqIds]).toBe('[]')
    expect(outputs[Outputs.GoneCount]).toBe('0')
    expect(outputs[Outputs.Complete]).toBe('true')
    for (const other of [Outputs.ResumedCount, Outputs.RetriedCount, Outputs.MessageIds, Outputs.DeduplicatedCount]) {
      expect(outputs).not.toHaveProperty(other)
    }
  })

  it('says "before the restart failed" and continues by the restart, when a request failed part way', () => {
    const failed = restartResult({ runs: RUNS, nextCursor: 'cur', failure: statusFailure(503) })
    expect(report.notice!(failed, T0)).toMatch(/^Restarted 3 workflow runs before the restart failed; every step/)
    expect(lines(render(failed))[0]).toMatch(
      /^## ❌ Restart failed part way: the service failed \(HTTP 503\); 3 workflow runs restarted before/
    )
    const failure = report.failure(failed)!
    expect(failure).toMatch(
      /^restart-workflows failed: HTTP 503 service error from GET \/v2\/dlq: boom; 3 runs were restarted before the failure; to continue, re-run with cursor: cur/
    )
    expect(failure).not.toMatch(/resum/i)
  })
})

describe('runs the service refused to restart', () => {
  const refused = restartResult({
    runs: RUNS,
    refused: [...refusedEntries(['dlq_refused_1']), { dlqId: 'dlq_refused_2', status: 400, serverText: HOSTILE }],
    refusedCount: 2
  })

  it('leave the step passing, but not complete, with a warning naming the first', () => {
    expect(report.failure(refused)).toBeUndefined()
    const outputs = report.outputs(refused)
    expect(outputs[Outputs.Complete]).toBe('false')
    expect(JSON.parse(outputs[Outputs.RefusedDlqIds]!)).toEqual(['dlq_refused_1', 'dlq_refused_2'])
    expect(report.warnings(refused)).toEqual([
      'the service refused to restart 2 runs (each stays in the DLQ; output refused-dlq-ids names them); the other ' +
        'runs were restarted; the first, "dlq_refused_1": HTTP 400 "workflow does not support restart"'
    ])
    expect(report.notice!(refused, T0)).toMatch(
      /^Restarted 3 workflow runs; 2 refused by the service \(they stay in the DLQ\); every step/
    )
  })

  it('are named in their own section, each DLQ id with its status and the service text as code', () => {
    const summary = render(refused)
    expect(lines(summary)[0]).toMatch(
      /^## ⚠️ Restarted 3 workflow runs; 2 refused by the service \(they stay in the DLQ\);/
    )
    expect(summary).toContain(
      '**⚠️ Refused:** the service refused to restart 2 runs: each stays in the DLQ, and the others went on ' +
        '(output refused-dlq-ids names them, below).'
    )
    const section = summary.slice(summary.indexOf('### Runs the service refused to restart'))
    expect(section).toContain('| DLQ id | Status | What the service said |')
    expect(section).toContain('| `dlq_refused_1` | 400 | `workflow does not support restart` |')
    expect(section).toMatch(/\| `dlq_refused_2` \| 400 \| `<img src=x onerror=alert\(1\)> @org\/team\\n::error::pwned/)
  })

  it('keep the service text inert: no HTML, link, mention or runner command, and the secret redacted', async () => {
    const { io, lines: written } = recorder()
    const out = new OutputBoundary(io, redactor([FAKE_TOKEN]))
    // As the composition root reports: rendered from redacted values, each through the boundary.
    const result = out.redactValue(refused)
    out.setOutputs(report.outputs(result))
    out.notice(report.notice!(result, T0)!)
    for (const warning of report.warnings(result)) out.warning(warning)
    await out.summary(report.summary(result, {}, { now: T0 }))
    const summary = written.summary![0]!
    const html = renderLikeGitHub(summary)
    expect(html).not.toMatch(/<img|<a href="https:\/\/evil/i)
    const outsideCode = html.replace(/<code>[\s\S]*?<\/code>/g, '')
    expect(outsideCode).not.toContain('@org/team')
    expect(outsideCode).not.toContain('pwned')
    const everything = Object.values(written).flat()
    for (const text of everything) expect(text).not.toContain(FAKE_TOKEN)
    expect(summary).toContain('***')
    for (const line of [...summary.split('\n'), ...written.warning!.flatMap(w => w.split('\n'))]) {
      expect(line.trimStart().startsWith('::')).toBe(false)
    }
  })

  it('counts those it could not name, and says refused-dlq-ids names only the first', () => {
    const counted = restartResult({ runs: RUNS, refused: refusedEntries(['dlq_refused_1']), refusedCount: 4 })
    expect(render(counted)).toContain('3 more were refused, counted but not named.')
    expect(report.warnings(counted)[0]).toContain('output refused-dlq-ids names the first 1')
  })

  it('fit the outputs of a large restart under 1 MB with the new runs, the refused ids first', () => {
    const runs = Array.from({ length: 25_000 }, (_, i) => ({
      workflowRunId: `wfr_${i}_${'r'.repeat(20)}`,
      workflowCreatedAt: T0
    }))
    const ids = Array.from({ length: 10_000 }, (_, i) => `dlq_refused_${String(i).padStart(20, '0')}`)
    const outputs = report.outputs(restartResult({ runs, refused: refusedEntries(ids), refusedCount: ids.length }))
    const bytes = Object.entries(outputs).reduce((n, [k, v]) => n + githubBytes(k) + githubBytes(v ?? ''), 0)
    expect(bytes).toBeLessThan(GITHUB_OUTPUTS_MAX_BYTES)
    expect(JSON.parse(outputs[Outputs.RefusedDlqIds]!)).toEqual(ids)
    expect(outputs[Outputs.WorkflowRunIdsTruncated]).toBe('true')
  })
})

describe('a staged restart stopped by its watch', () => {
  it('says restarted in its verdict, stages, failure and follow-up, and gives the runs to restart again', () => {
    const runIds = RUN_IDS
    const watch = stageWatch({ endedAt: T0 + 10_000, polls: [watchPoll(T0 + 10_000, { failedAgain: 3 })] })
    const result = stagedResult(
      {
        plan: { sizes: [3, Infinity], watchMs: 600_000, maxFailed: 0 },
        stages: [stageOutcome({ verdict: 'stopped', runIds, watch })],
        failedAgain: failedAgainRuns(runIds, { responseStatus: 500 })
      },
      { operation: 'restart-workflows', selection: { workflowUrl: URL_A }, nextCursor: 'cur' }
    )
    const summary = render(result)
    expect(lines(summary)[0]).toMatch(
      /^## 🛑 Stopped after stage 1 of 2: 3 of the 3 runs restarted so far failed again \(watch-max-failed: 0\); 3 runs restarted in all, no further stage;/
    )
    expect(summary).toContain('| Stage | Asked | Restarted | Watched for | Failed again | Result |')
    expect(summary).toContain(
      '| 1 | 3 | 3 | 10s | 3 | stopped: 3 of the runs restarted so far back in the DLQ after 10s'
    )
    expect(summary).toContain('### Runs that failed again')
    expect(summary).toContain('| Runs | State | Restarted by stage |')
    expect(summary).toContain('Once the fix holds, restart the runs that failed again with input `workflow-runs`')
    expect(withoutDocsLink(summary)).not.toMatch(/resum/i)
    expect(report.failure(result)).toMatch(
      /^3 of the 3 runs restarted by stage 1 of 2 failed again.*no further stage was restarted; to continue/
    )
    const outputs = report.outputs(result)
    expect(JSON.parse(outputs[Outputs.FailedAgainRunIds]!)).toEqual(runIds)
    expect(outputs[Outputs.FailedAgainRuns]).toBeDefined()
    expect(outputs).not.toHaveProperty(Outputs.FailedAgainMessageIds)
  })
})
