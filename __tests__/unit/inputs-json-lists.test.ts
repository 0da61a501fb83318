/**
 * Every list input reads a JSON array of one or several strings, in every operation that takes it, as the values
 * without their brackets (a one-element array sent as a literal value would match nothing, silently).
 */
import { describe, expect, it } from '@jest/globals'
import { readSettings } from '../../src/inputs/settings.js'
import { actionDefaults } from '../../tools/action-yml.js'
import { VERBS } from '../../src/verbs.js'
import { readings, readReference } from '../support/reference.js'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)
const GOOD = { token: 'sim-token-3c9d1e7f', 'base-url': 'https://service.example.com' }

interface Case {
  operation: string
  input: string
  values: [string, string]
  /** the inputs it needs beside it */
  with?: Record<string, string>
  /** ... when it holds one value, where that differs (one stage takes no watch) */
  withOne?: Record<string, string>
  /** where the values land in the settings */
  read: (settings: unknown) => unknown
}

const filters = (s: unknown) => (s as { list: { filters: Record<string, unknown> } }).list.filters
const selection = (s: unknown) => (s as { resume: { selection: Record<string, unknown> } }).resume.selection
const workflow = { source: 'workflow' }
const all = { all: 'true' }

const CASES: Case[] = [
  { operation: 'list-dlq', input: 'message-id', values: ['msg_a', 'msg_b'], read: s => filters(s).messageId },
  {
    operation: 'list-dlq',
    input: 'url',
    values: ['https://a.example.com/hook', 'https://b.example.com/hook'],
    read: s => filters(s).url
  },
  { operation: 'list-dlq', input: 'topic-name', values: ['orders', 'refunds'], read: s => filters(s).topicName },
  { operation: 'list-dlq', input: 'schedule-id', values: ['sched_a', 'sched_b'], read: s => filters(s).scheduleId },
  { operation: 'list-dlq', input: 'queue-name', values: ['q1', 'q2'], read: s => filters(s).queueName },
  { operation: 'list-dlq', input: 'api', values: ['api-a', 'api-b'], read: s => filters(s).api },
  { operation: 'list-dlq', input: 'caller-ip', values: ['10.0.0.1', '::1'], read: s => filters(s).callerIp },
  {
    operation: 'list-dlq',
    input: 'workflow-url',
    values: ['https://app.example/wf-a', 'https://app.example/wf-b'],
    with: workflow,
    read: s => filters(s).workflowUrl
  },
  {
    operation: 'resume-schedule',
    input: 'schedule-id',
    values: ['sched_a', 'sched_b'],
    read: s => (s as { schedules: { scheduleIds: unknown } }).schedules.scheduleIds
  },
  { operation: 'resume-workflows', input: 'dlq-ids', values: ['dlq_a', 'dlq_b'], read: s => selection(s).dlqIds },
  {
    operation: 'resume-workflows',
    input: 'stages',
    values: ['5', '20'],
    with: { ...all, watch: '1m' },
    withOne: all,
    read: s => (s as { resume: { stages?: { sizes: number[] } } }).resume.stages?.sizes.map(String)
  },
  ...(['restart-workflows', 'retry-messages'] as const).flatMap((operation): Case[] => [
    { operation, input: 'dlq-ids', values: ['dlq_a', 'dlq_b'], read: s => selection(s).dlqIds },
    {
      operation,
      input: 'stages',
      values: ['5', '20'],
      with: { ...all, watch: '1m' },
      withOne: all,
      read: s => (s as { resume: { stages?: { sizes: number[] } } }).resume.stages?.sizes.map(String)
    }
  ]),
  // A retry and a delete select messages by the listing's filters, several values of one as repeated keys.
  ...(
    [
      ['url', 'url', ['https://a.example.com/hook', 'https://b.example.com/hook']],
      ['topic-name', 'topicName', ['orders', 'refunds']],
      ['schedule-id', 'scheduleId', ['sched_a', 'sched_b']],
      ['queue-name', 'queueName', ['q1', 'q2']],
      ['caller-ip', 'callerIp', ['10.0.0.1', '::1']]
    ] as const
  ).flatMap(([input, key, values]): Case[] =>
    (['retry-messages', 'delete-dlq'] as const).map(operation => ({
      operation,
      input,
      values: [...values],
      read: s => selection(s)[key]
    }))
  ),
  { operation: 'delete-dlq', input: 'dlq-ids', values: ['dlq_a', 'dlq_b'], read: s => selection(s).dlqIds },
  {
    operation: 'list-dlq',
    input: 'issue-labels',
    values: ['on-call', 'sev-2'],
    with: { 'issue-on-failure': 'true', 'fail-if-count-above': '0' },
    read: s => (s as { issue: { labels: unknown } }).issue.labels
  },
  {
    operation: 'list-dlq',
    input: 'issue-assignees',
    values: ['octocat', 'hubot'],
    with: { 'issue-on-failure': 'true', 'fail-if-count-above': '0' },
    read: s => (s as { issue: { assignees: unknown } }).issue.assignees
  }
]

function settingsOf(c: Case, text: string, one = false): unknown {
  const inputs: Record<string, string> = {
    ...actionDefaults(),
    ...GOOD,
    operation: c.operation,
    ...(c.operation in VERBS ? all : {}),
    ...(one ? (c.withOne ?? c.with) : c.with),
    [c.input]: text
  }
  return readSettings(name => inputs[name] ?? '', NOW, '/home/runner/work/shop')
}

describe('a JSON array in every list input', () => {
  it("covers every list input of docs/inputs.md's reference, in each operation that reads it as a list", () => {
    const lists = readings(readReference())
      .filter(r => r.shape === 'list')
      .map(r => `${r.operation} ${r.input}`)
    expect(lists.length).toBeGreaterThan(10)
    expect(CASES.map(c => `${c.operation} ${c.input}`).sort()).toEqual(lists.sort())
  })

  it.each(CASES.map(c => [c.operation, c.input, c] as const))('%s %s: one element, without brackets', (...[, , c]) => {
    expect(c.read(settingsOf(c, JSON.stringify([c.values[0]]), true))).toEqual([c.values[0]])
  })

  it.each(CASES.map(c => [c.operation, c.input, c] as const))('%s %s: several elements', (...[, , c]) => {
    expect(c.read(settingsOf(c, ` ${JSON.stringify(c.values)} `))).toEqual(c.values)
  })

  it.each(CASES.map(c => [c.operation, c.input, c] as const))(
    '%s %s: a JSON string (toJSON() of a string) is read as the text it holds',
    (...[, , c]) => {
      expect(c.read(settingsOf(c, JSON.stringify(c.values[0]), true))).toEqual([c.values[0]])
      expect(c.read(settingsOf(c, JSON.stringify(c.values.join('\n'))))).toEqual(c.values)
    }
  )

  it.each(CASES.map(c => [c.operation, c.input, c] as const))(
    '%s %s: a value in quotes, or a quote that opens no JSON string, is refused naming the input',
    (...[, , c]) => {
      for (const text of [
        `"${c.values[0]}"\n${c.values[1]}`,
        `"${c.values[0]}`,
        `${JSON.stringify([`"${c.values[0]}"`])}`
      ]) {
        expect(() => settingsOf(c, text)).toThrow(new RegExp(`Input '${c.input}' .*(double quote|JSON string)`))
      }
    }
  )

  it('resume-workflows workflow-url, one value, reads a JSON array of one as that value', () => {
    const c: Case = {
      operation: 'resume-workflows',
      input: 'workflow-url',
      values: ['https://app.example/wf-a', ''],
      read: s => selection(s).workflowUrl
    }
    expect(c.read(settingsOf(c, '["https://app.example/wf-a"]'))).toBe('https://app.example/wf-a')
    expect(c.read(settingsOf(c, 'https://app.example/wf-a'))).toBe('https://app.example/wf-a')
  })
})
