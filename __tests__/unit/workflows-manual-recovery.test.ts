/**
 * examples/manual-recovery.yml filled in as a user fills its form: every recovery it offers reads as the settings it
 * means, and what its comments say of a field the operation does not use (a warning) or contradicts (a refusal) holds.
 * Its writes run dry unless dry-run is unticked.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { InputError, readSettings, unusedInputs, type Settings } from '../../src/inputs/settings.js'
import { actionDefaults } from '../../tools/action-yml.js'
import { Operations, type Operation } from '../../src/constants.js'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)
const workflow = parse(readFileSync(join(process.cwd(), 'examples/manual-recovery.yml'), 'utf8')) as {
  on: {
    workflow_dispatch: {
      inputs: Record<string, { type: string; default?: string | boolean; options?: string[] }>
    }
  }
  jobs: { recover: { steps: { with?: Record<string, string> }[] } }
}
const fields = workflow.on.workflow_dispatch.inputs
const step = workflow.jobs.recover.steps.find(s => s.with !== undefined)?.with ?? {}

/**
 * The form field a `with:` value passes, and whether list-dlq gets `false` instead: `${{ inputs.x }}`, or
 * `${{ inputs.operation != 'list-dlq' && inputs.x }}` (an expression's `&&` gives its left side when that is false).
 */
function fieldOf(value: string): { field: string; notForListing: boolean } | undefined {
  const match = /^\$\{\{ (inputs\.operation != 'list-dlq' && )?inputs\.([a-z-]+) \}\}$/.exec(value)
  return match ? { field: match[2] ?? '', notForListing: match[1] !== undefined } : undefined
}

/**
 * A value given for one operation only, `${{ inputs.operation == 'delete-dlq' && format('…', …) || '' }}`: that
 * operation and the file name it formats (the run's id and attempt as 1), or undefined.
 */
function onlyFor(value: string): { operation: string; text: string } | undefined {
  const match = /^\$\{\{ inputs\.operation == '([a-z-]+)' && format\('([^']*)'[^)]*\) \|\| '' \}\}$/.exec(value)
  return match ? { operation: match[1] ?? '', text: (match[2] ?? '').replace(/\{\d\}/g, '1') } : undefined
}

/** The step's inputs for a form filled with `filled` over the fields' defaults, as the runner passes them. */
function inputsOf(filled: Record<string, string>): Record<string, string> {
  const form = Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [name, filled[name] ?? String(field.default ?? '')])
  )
  const withs = Object.fromEntries(
    Object.entries(step).map(([input, value]) => {
      const from = fieldOf(value)
      const only = onlyFor(value)
      if (only !== undefined) return [input, form.operation === only.operation ? only.text : '']
      if (from === undefined) return [input, `${input}-value`]
      return [input, from.notForListing && form.operation === 'list-dlq' ? 'false' : (form[from.field] ?? '')]
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
    for (const name of Object.keys(fields)) expect(fieldOf(step[name] ?? '')?.field).toBe(name)
  })

  it('offers every operation, and runs each write dry unless dry-run is unticked', () => {
    expect(fields.operation?.options).toEqual([...Operations])
    expect(fields['dry-run']).toMatchObject({ type: 'boolean', default: true })
  })

  it('runs each operation from its defaults without a warning (a refusal only where a write needs a selector)', () => {
    expect(run({ operation: 'list-dlq' })).toMatchObject({ warned: [] })
    expect(run({ operation: 'resume-schedule', 'schedule-id': 'sched-1, sched-2' })).toMatchObject({
      warned: [],
      settings: { schedules: { scheduleIds: ['sched-1', 'sched-2'] }, dryRun: true }
    })
    for (const operation of ['resume-workflows', 'restart-workflows', 'retry-messages']) {
      expect(run({ operation }).refused).toMatch(/^Input 'all' must be true/)
      expect(run({ operation, all: 'true' })).toMatchObject({ settings: { dryRun: true }, warned: [] })
    }
  })

  it('retries the messages of a destination: a dry run first, then the write held to its planned-count', () => {
    const url = 'https://payments.example/webhooks/paid'
    expect(run({ operation: 'retry-messages', url })).toMatchObject({
      settings: { operation: 'retry-messages', dryRun: true, resume: { selection: { url: [url] } } },
      warned: []
    })
    expect(run({ operation: 'retry-messages', url, 'dry-run': 'false', 'expect-count': '120' })).toMatchObject({
      settings: { dryRun: false, expectCount: 120, resume: { verb: 'retry-messages', selection: { url: [url] } } },
      warned: []
    })
    expect(run({ operation: 'list-dlq', url, 'expect-count': '120' })).toMatchObject({ warned: ['expect-count'] })
    expect(run({ operation: 'retry-messages', 'workflow-url': 'https://app.example/wf', all: 'true' })).toMatchObject({
      warned: ['workflow-url']
    })
  })

  it('restarts failed runs by workflow, a dry run first; runs the DLQ ids given', () => {
    const url = 'https://app.example/api/workflows/refund'
    expect(run({ operation: 'restart-workflows', 'workflow-url': url })).toMatchObject({
      settings: { operation: 'restart-workflows', dryRun: true, resume: { selection: { workflowUrl: url } } },
      warned: []
    })
    expect(
      run({ operation: 'restart-workflows', 'dlq-ids': 'dlq_w1, dlq_w2', 'dry-run': 'false', 'max-entries': '1' })
    ).toMatchObject({
      settings: { dryRun: false, resume: { selection: { dlqIds: ['dlq_w1', 'dlq_w2'] }, maxRuns: 1 } },
      warned: []
    })
  })

  it('refuses stages and a cursor in a dry run, which lists the whole selection', () => {
    const url = 'https://app.example/wf'
    expect(run({ operation: 'resume-workflows', 'workflow-url': url, stages: '5, all', watch: '30m' }).refused).toMatch(
      /^Input 'stages' does not apply with dry-run: true/
    )
    expect(run({ operation: 'retry-messages', url, cursor: 'cur_1', 'to-date': '1795761443670' }).refused).toMatch(
      /^Input 'cursor' does not apply with dry-run: true/
    )
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
    const staged = {
      operation: 'resume-workflows',
      'dry-run': 'false',
      'workflow-url': 'https://app.example/wf',
      stages: '5, all'
    }
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
    const all = { operation: 'resume-workflows', 'dry-run': 'false', all: 'true' }
    expect(run({ ...all, watch: '30m' }).refused).toMatch(/^Input 'watch' applies only with stages/)
    expect(run({ ...all, 'watch-max-failed': '2' }).refused).toMatch(
      /^Input 'watch-max-failed' applies only with stages/
    )
    expect(run({ ...all, 'watch-max-failed': '0' })).toMatchObject({ warned: [] })
  })

  it('continues only with the to-date its cursor was made under, and retries the canary as watch-retries says', () => {
    const url = 'https://app.example/wf'
    const staged = {
      operation: 'resume-workflows',
      'dry-run': 'false',
      'workflow-url': url,
      stages: '5, all',
      watch: '30m'
    }
    expect(run({ ...staged, cursor: 'cur_1' }).refused).toMatch(/^Input 'to-date' is required with cursor/)
    expect(run({ ...staged, 'watch-retries': '1' })).toMatchObject({
      settings: { resume: { stages: { watchRetries: 1 } } },
      warned: []
    })
    expect(
      run({ operation: 'resume-workflows', 'dry-run': 'false', all: 'true', 'watch-retries': '1' }).refused
    ).toMatch(/^Input 'watch-retries' applies only with stages/)
  })

  it('resumes the runs a canary printed, given as workflow-runs alone', () => {
    const runs = '[{"workflowRunId":"wfr_1","workflowCreatedAt":1795761443670}]'
    expect(run({ operation: 'resume-workflows', 'workflow-runs': runs })).toMatchObject({
      settings: { resume: { runs: [{ workflowRunId: 'wfr_1', workflowCreatedAt: 1795761443670 }] } },
      warned: []
    })
    const write = { operation: 'resume-workflows', 'dry-run': 'false' }
    expect(run({ ...write, 'workflow-runs': runs, cursor: 'cur_1' }).refused).toMatch(
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
