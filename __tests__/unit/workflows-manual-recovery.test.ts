/**
 * examples/manual-recovery.yml filled in as a user fills its form: every recovery it offers reads as the settings it
 * means, and what its comments say of a field the operation does not use (a warning) or contradicts (a refusal) holds.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { InputError, readSettings, unusedInputs, type Settings } from '../../src/inputs/settings.js'
import { actionDefaults } from '../../tools/action-yml.js'
import type { Operation } from '../../src/constants.js'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)
const workflow = parse(readFileSync(join(process.cwd(), 'examples/manual-recovery.yml'), 'utf8')) as {
  on: { workflow_dispatch: { inputs: Record<string, { type: string; default?: string | boolean }> } }
  jobs: { recover: { steps: { with?: Record<string, string> }[] } }
}
const fields = workflow.on.workflow_dispatch.inputs
const step = workflow.jobs.recover.steps.find(s => s.with !== undefined)?.with ?? {}

/** The step's inputs for a form filled with `filled` over the fields' defaults, as the runner passes them. */
function inputsOf(filled: Record<string, string>): Record<string, string> {
  const form = Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [name, filled[name] ?? String(field.default ?? '')])
  )
  const withs = Object.fromEntries(
    Object.entries(step).map(([input, value]) => {
      const field = /^\$\{\{ inputs\.([a-z-]+) \}\}$/.exec(value)?.[1]
      return [input, field !== undefined ? (form[field] ?? '') : `${input}-value`]
    })
  )
  return { ...actionDefaults(), ...withs, token: 'tok-4b8e1d7c', 'base-url': 'https://service.example.com' }
}

/** The settings and the warnings of a run of the form, or its refusal. */
function run(filled: Record<string, string>): { settings?: Settings; warned?: string[]; refused?: string } {
  const inputs = inputsOf(filled)
  const read = (name: string) => inputs[name] ?? ''
  try {
    const settings = readSettings(read, NOW, '/home/runner/work/shop')
    return { settings, warned: unusedInputs(read, filled.operation as Operation) }
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    return { refused: (error as Error).message }
  }
}

describe('the manual recovery form', () => {
  it('has at most 25 fields, GitHub limit, each mapped to the input of its name', () => {
    expect(Object.keys(fields).length).toBeLessThanOrEqual(25)
    for (const name of Object.keys(fields)) expect(step[name]).toBe(`\${{ inputs.${name} }}`)
  })

  it('runs each operation from its defaults without a warning (a refusal only where a resume needs a selector)', () => {
    expect(run({ operation: 'list-dlq' })).toMatchObject({ warned: [] })
    expect(run({ operation: 'resume-schedule', 'schedule-id': 'sched-1, sched-2' })).toMatchObject({
      warned: [],
      settings: { schedules: { scheduleIds: ['sched-1', 'sched-2'] } }
    })
    expect(run({ operation: 'resume-workflows' }).refused).toMatch(/^Input 'all' must be true/)
    expect(run({ operation: 'resume-workflows', all: 'true' })).toMatchObject({ warned: [] })
  })

  it('lists the failed workflow runs with source workflow, and refuses a run selector without it', () => {
    const url = 'https://app.example/api/workflows/refund'
    expect(run({ operation: 'list-dlq', source: 'workflow', 'workflow-url': url })).toMatchObject({
      settings: { list: { filters: { source: 'workflow', workflowUrl: [url] } } },
      warned: []
    })
    expect(run({ operation: 'list-dlq', 'workflow-url': url }).refused).toMatch(
      /^Input 'workflow-url' applies only with source workflow/
    )
    expect(run({ operation: 'list-dlq', source: 'workflow', url }).refused).toMatch(
      /^Input 'url' does not apply with source workflow/
    )
  })

  it('resumes in watched stages, and continues a stopped one from its cursor and absolute to-date', () => {
    const staged = { operation: 'resume-workflows', 'workflow-url': 'https://app.example/wf', stages: '5, all' }
    expect(run(staged).refused).toMatch(/^Input 'watch' is required with 2 stages/)
    expect(run({ ...staged, watch: '30m', 'watch-max-failed': '1' })).toMatchObject({
      settings: { resume: { stages: { sizes: [5, Infinity], watchMs: 1_800_000, maxFailed: 1 } } },
      warned: []
    })
    const next = { ...staged, watch: '30m', cursor: 'cur_1', 'to-date': '1795761443670', 'from-date': '2026-11-01' }
    expect(run(next)).toMatchObject({
      settings: {
        resume: {
          cursor: 'cur_1',
          selection: { toDate: 1795761443670, fromDate: Date.UTC(2026, 10, 1), workflowUrl: 'https://app.example/wf' }
        }
      },
      warned: []
    })
    expect(run({ operation: 'resume-workflows', all: 'true', watch: '30m' }).refused).toMatch(
      /^Input 'watch' applies only with stages/
    )
    expect(run({ operation: 'resume-workflows', all: 'true', 'watch-max-failed': '2' }).refused).toMatch(
      /^Input 'watch-max-failed' applies only with stages/
    )
    expect(run({ operation: 'resume-workflows', all: 'true', 'watch-max-failed': '0' })).toMatchObject({ warned: [] })
  })

  it('continues only with the to-date its cursor was made under, and retries the canary as watch-retries says', () => {
    const url = 'https://app.example/wf'
    const staged = { operation: 'resume-workflows', 'workflow-url': url, stages: '5, all', watch: '30m' }
    expect(run({ ...staged, cursor: 'cur_1' }).refused).toMatch(/^Input 'to-date' is required with cursor/)
    expect(run({ ...staged, 'watch-retries': '1' })).toMatchObject({
      settings: { resume: { stages: { watchRetries: 1 } } },
      warned: []
    })
    expect(run({ operation: 'resume-workflows', all: 'true', 'watch-retries': '1' }).refused).toMatch(
      /^Input 'watch-retries' applies only with stages/
    )
  })

  it('resumes the runs a canary printed, given as workflow-runs alone', () => {
    const runs = '[{"workflowRunId":"wfr_1","workflowCreatedAt":1795761443670}]'
    expect(run({ operation: 'resume-workflows', 'workflow-runs': runs })).toMatchObject({
      settings: { resume: { runs: [{ workflowRunId: 'wfr_1', workflowCreatedAt: 1795761443670 }] } },
      warned: []
    })
    expect(run({ operation: 'resume-workflows', 'workflow-runs': runs, cursor: 'cur_1' }).refused).toMatch(
      /^Input 'workflow-runs' cannot be combined with cursor/
    )
  })

  it('warns about, and ignores, a field the chosen operation does not read', () => {
    expect(run({ operation: 'list-dlq', 'dlq-ids': 'dlq_1', stages: '5, all' })).toMatchObject({
      warned: ['dlq-ids', 'stages']
    })
    expect(run({ operation: 'resume-schedule', 'schedule-id': 's', cursor: 'c', source: 'workflow' })).toMatchObject({
      warned: ['cursor', 'source']
    })
  })
})
