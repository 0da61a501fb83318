/**
 * `npm start` as a newcomer sees it: lib/tools/demo.js (compiled by build:tools, which npm test runs) over the
 * bundle. A failing health check, staged resumes, a retry planned then applied exactly, and a restart on the shop's
 * realistic data, the summaries' files named and left in place, and none of the tests' hostile data anywhere.
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { HOSTILE_BODY, HOSTILE_HEADER_VALUE, HOSTILE_RESPONSE_BODY, HOSTILE_URL } from '../../sim/index.js'
import { ROOT } from '../../tools/action-yml.js'

const DEMO = join(ROOT, 'lib', 'tools', 'demo.js')

describe('npm start', () => {
  it('shows a failing health check, a staged resume, canaries that stop or go on early, a retry planned then applied, a restart, names the summary files, and shows no attack string', () => {
    expect(existsSync(DEMO)).toBe(true)
    const demo = spawnSync(process.execPath, [DEMO], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 })
    expect(demo.stderr).toBe('')
    expect(demo.status).toBe(0)
    const shown = demo.stdout
    expect(shown).toContain('error: DLQ health check failed: 300 messages, more than fail-if-count-above (100)')
    expect(shown).toContain('Exit code: 1 (the step fails, as this scene should)')
    expect(shown).toMatch(/resumed-count += 10\n/)
    const files = [...shown.matchAll(/Job summary: (\.tmp\/demo\/\S+\.md) /g)].map(m => m[1] ?? '')
    expect(files).toEqual([
      '.tmp/demo/01-health-check.md',
      '.tmp/demo/02-resume-first-10.md',
      '.tmp/demo/03-resume-the-rest.md',
      '.tmp/demo/04-canary-stopped.md',
      '.tmp/demo/05-resume-schedules.md',
      '.tmp/demo/06-canary-completed.md',
      '.tmp/demo/07-canary-failing.md',
      '.tmp/demo/08-retry-plan.md',
      '.tmp/demo/09-retry-reviewed.md',
      '.tmp/demo/10-restart-refund.md'
    ])
    const summaries = files.map(file => readFileSync(join(ROOT, file), 'utf8'))
    expect(summaries[0]).toMatch(/^## ❌ DLQ health check failed\n/)
    expect(summaries[0]).toContain('`https://payments.shop.example/webhooks/payment-succeeded`')
    expect(summaries[0]).toMatch(/\| 500 \(\d+% of its messages\) \|/)
    // The canary: stage 1's refund runs fail again 4 s after their resume, seen by the watch after stage 2.
    expect(shown).toContain(
      'error: 3 of the 8 runs resumed by stage 2 of 3 failed again, more than watch-max-failed (0)'
    )
    expect(shown).toMatch(/failed-again-count += 3\n/)
    expect(shown).toContain('Every scene ended as it should')
    expect(summaries[3]).toMatch(/^## 🛑 Stopped after stage 2 of 3: 3 of the 8 runs resumed so far failed again/)
    expect(summaries[3]).toContain('| `wfr_resumed_')
    expect(summaries[3]).toContain('| 500 | `refund ledger: column "reason_code" does not exist` |')
    // A canary whose runs completed in the run log goes on at the first poll of its 1-minute watch.
    expect(summaries[5]).toMatch(/^## ✅ Resumed \d+ runs in 2 stages: none of the watched runs was back in the DLQ/)
    expect(summaries[5]).toContain('- Stage 1: 3 completed after 5s')
    expect(summaries[5]).toContain('(ended early: every run so far had ended)')
    // One stopped by runs failing their first attempt, before any is back in the DLQ.
    expect(shown).toContain('error: 2 of the 2 runs resumed by stage 1 of 2 failed or are failing (2 failing)')
    expect(summaries[6]).toMatch(
      /^## 🛑 Stopped after stage 1 of 2: 2 of the 2 runs resumed so far failed or are failing/
    )
    expect(summaries[6]).toContain(
      '| 2 | failing (still retrying) | 1 | 1 | `deliver` | 503 | `refund ledger: connection pool exhausted` | run log |'
    )
    expect(shown).toContain('run-states                     = {"completed":0,"failed":0,"failing":2,')
    // The payments callback's retry: a dry run writes its plan, then the plan is applied exactly, by its ids.
    expect(shown).toContain('notice: Dry run: would retry 120 messages; no write request was sent')
    expect(shown).toMatch(/planned-count += 120\n/)
    expect(summaries[7]).toMatch(/^## 🔍 Dry run: would retry 120 messages\n\n\*\*No write request was sent\.\*\*\n/)
    expect(summaries[7]).toContain('| 120 | 500 (84% of its messages) |')
    const plan = readFileSync(join(ROOT, '.tmp', 'demo', 'payments-retry-plan.ndjson'), 'utf8')
      .trimEnd()
      .split('\n')
    expect(plan.map(line => (JSON.parse(line) as { url: string }).url)).toEqual(
      Array<string>(120).fill('https://payments.shop.example/webhooks/payment-succeeded')
    )
    expect(shown).toContain('expect-count: 120 entries listed, as expected; taking them by their DLQ ids')
    expect(shown).toContain('messages retried (120 so far)')
    expect(shown).toMatch(/retried-count += 120\n/)
    expect(shown).toMatch(/deduplicated-count += 12\n/)
    expect(summaries[8]).toMatch(/^## ✅ Retried 120 messages; selection: the 120 DLQ ids given\n/)
    expect(summaries[8]).toContain('12 of them deduplicated: the service did not deliver them again.')
    expect(summaries[8]).toMatch(/\| delivered again \| 108 \| `msg_retried_1` /)
    expect(summaries[8]).toMatch(/\| deduplicated: not delivered again \| 12 \| `msg_/)
    // The refund runs restarted from their first step, but for the one the service refuses.
    expect(shown).toContain('answered 400 to a request by filters (a run that does not support restart)')
    expect(shown).toMatch(/restarted-count += 12\n/)
    expect(shown).toMatch(/refused-dlq-ids += \["dlq_w[0-9a-f]+"\]\n/)
    expect(summaries[9]).toMatch(/^## ⚠️ Restarted 12 workflow runs; 1 refused by the service/)
    expect(summaries[9]).toContain('Every step of each restarted run runs again, from the first, side effects included')
    expect(summaries[9]).toMatch(
      /\| `dlq_w[0-9a-f]+` \| 400 \| `workflow run wfr_[0-9a-f]+ \(dlq_w[0-9a-f]+\) does not support restart` \|/
    )
    // No run link: the demo is no Actions run, and a link to a repository that does not exist misleads.
    expect(summaries.join('\n')).not.toContain('/actions/runs/')
    const hostile = [HOSTILE_URL, HOSTILE_BODY, HOSTILE_RESPONSE_BODY, HOSTILE_HEADER_VALUE]
      .flatMap(text => text.split('\n'))
      .concat(['evil.example.com', '<script>', '::set-output', 'Not Found'])
    for (const text of [shown, ...summaries]) {
      expect(hostile.filter(attack => text.includes(attack))).toEqual([])
    }
  })
})
