import { describe, expect, it } from '@jest/globals'
import { InputError, readSettings, unusedInputs } from '../src/inputs/settings.js'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)
const BASE = { token: 't0ken', 'base-url': 'https://service.example.com' }

/** Reads inputs from a record, as core.getInput would from INPUT_* variables ('' when unset). */
function read(inputs: Record<string, string>) {
  return (name: string): string => inputs[name] ?? ''
}

function settings(inputs: Record<string, string>) {
  return readSettings(read({ ...BASE, ...inputs }), NOW, '/home/runner/work/shop')
}

function errorOf(inputs: Record<string, string>): string {
  try {
    settings(inputs)
  } catch (err) {
    expect(err).toBeInstanceOf(InputError)
    return (err as Error).message
  }
  throw new Error('expected an InputError')
}

describe('readSettings: list-dlq', () => {
  it('applies the defaults', () => {
    expect(settings({ operation: 'list-dlq' })).toEqual({
      operation: 'list-dlq',
      token: 't0ken',
      baseUrl: new URL('https://service.example.com'),
      timeoutMs: 30_000,
      maxAttempts: 5,
      filters: {},
      count: 100,
      order: 'earliestFirst',
      maxPages: 10_000,
      concurrency: 1
    })
  })

  it('reads the health check, the messages file and the concurrency', () => {
    expect(
      settings({
        operation: 'list-dlq',
        'fail-if-count-above': '0',
        'fail-if-oldest-older-than': '6h',
        'messages-file': 'out/dlq.ndjson',
        concurrency: '8'
      })
    ).toMatchObject({
      failIfCountAbove: 0,
      failIfOldestOlderThanMs: 6 * 3_600_000,
      messagesFile: '/home/runner/work/shop/out/dlq.ndjson',
      concurrency: 8
    })
    expect(settings({ operation: 'list-dlq', 'messages-file': '/tmp/x.ndjson' })).toMatchObject({
      messagesFile: '/tmp/x.ndjson'
    })
  })

  it('reads every filter under its wire name', () => {
    const s = settings({
      operation: 'list-dlq',
      'message-id': 'm1',
      url: 'https://a.example/x\nhttps://b.example/y',
      'topic-name': 'topic',
      'schedule-id': 'sched',
      'queue-name': 'queue',
      api: 'api',
      'from-date': '24h',
      'to-date': '2026-11-22T11:00:00Z',
      'response-status': '503',
      'caller-ip': '10.0.0.1',
      count: '25',
      order: 'latestFirst',
      cursor: 'c1',
      'max-messages': '1000',
      'max-pages': '7',
      'timeout-seconds': '5',
      'max-attempts': '2'
    })
    expect(s).toMatchObject({
      filters: {
        messageId: ['m1'],
        url: ['https://a.example/x', 'https://b.example/y'],
        topicName: ['topic'],
        scheduleId: ['sched'],
        queueName: ['queue'],
        api: ['api'],
        fromDate: NOW - 86_400_000,
        toDate: Date.UTC(2026, 10, 22, 11),
        responseStatus: 503,
        callerIp: ['10.0.0.1']
      },
      count: 25,
      order: 'latestFirst',
      cursor: 'c1',
      maxMessages: 1000,
      maxPages: 7,
      timeoutMs: 5000,
      maxAttempts: 2
    })
  })
})

describe('readSettings: bad inputs name the input and what is allowed', () => {
  it.each([
    [{ operation: 'list-dlq', count: '0' }, 'Input \'count\' must be a whole number from 1 to 100 (got "0").'],
    [{ operation: 'list-dlq', count: '101' }, "Input 'count' must be a whole number from 1 to 100"],
    [{ operation: 'list-dlq', count: 'ten' }, "Input 'count' must be a whole number from 1 to 100"],
    [
      { operation: 'list-dlq', order: 'newest' },
      'Input \'order\' must be earliestFirst or latestFirst (got "newest").'
    ],
    [{ operation: 'list-dlq', 'from-date': 'last week' }, "Input 'from-date' must be Unix milliseconds"],
    [{ operation: 'list-dlq', 'to-date': 'soon' }, "Input 'to-date' must be Unix milliseconds"],
    [{ operation: 'list-dlq', 'from-date': '1h', 'to-date': '2h' }, "Input 'from-date' must not be after to-date"],
    [
      { operation: 'list-dlq', 'response-status': '99' },
      "Input 'response-status' must be a whole number from 100 to 599"
    ],
    [
      { operation: 'list-dlq', 'response-status': '5xx' },
      "Input 'response-status' must be a whole number from 100 to 599"
    ],
    [{ operation: 'list-dlq', 'max-pages': '0' }, "Input 'max-pages' must be a whole number from 1 to 1000000"],
    [
      { operation: 'list-dlq', 'timeout-seconds': '-1' },
      "Input 'timeout-seconds' must be a whole number from 1 to 3600"
    ],
    [{ operation: 'list-dlq', 'max-attempts': '0' }, "Input 'max-attempts' must be a whole number from 1 to 20"],
    [
      { operation: 'list-dlq', 'fail-if-count-above': '-1' },
      "Input 'fail-if-count-above' must be a whole number from 0"
    ],
    [
      { operation: 'list-dlq', 'fail-if-oldest-older-than': '6 hours' },
      "Input 'fail-if-oldest-older-than' must be a duration such as 30m, 6h, 2d or 1w"
    ],
    [{ operation: 'list-dlq', concurrency: '17' }, "Input 'concurrency' must be a whole number from 1 to 16"],
    [
      { operation: 'list-dlq', concurrency: '4', 'max-messages': '10' },
      "Input 'concurrency' must be 1 when max-messages is set"
    ],
    [{ operation: 'list-dlq', concurrency: '4', cursor: 'c' }, "Input 'concurrency' must be 1 when cursor is set"],
    [{ operation: 'resume-workflows', all: 'yes' }, 'Input \'all\' must be true or false (got "yes").'],
    [{ operation: 'resume-workflows', all: 'true', retries: '-1' }, "Input 'retries' must be a whole number from 0"],
    [{ operation: 'resume-workflows', all: 'true', retries: '2.5' }, "Input 'retries' must be a whole number from 0"],
    [
      { operation: 'resume-workflows', all: 'true', 'flow-control-value': '5' },
      "Input 'flow-control-value' must be name=number pairs"
    ],
    [
      { operation: 'resume-workflows', all: 'true', 'workflow-created-at': '1h' },
      "Input 'workflow-created-at' must be the exact creation time in Unix milliseconds"
    ],
    [{ operation: 'resume-workflows' }, "Input 'all' must be true to resume every failed workflow run in the DLQ"],
    [{ operation: 'resume-workflows', all: 'false' }, "Input 'all' must be true to resume every failed workflow run"],
    [{ operation: 'resume-schedule' }, "Input 'schedule-id' is required"],
    [{ operation: 'resume-schedule', 'schedule-id': ' , \n' }, "Input 'schedule-id' is required"],
    [{ operation: 'resume-schedule', 'schedule-id': '..' }, 'Input \'schedule-id\' schedule id ".." is not allowed'],
    [
      { operation: 'remove-dlq' },
      'Input \'operation\' must be one of list-dlq, resume-schedule, resume-workflows (got "remove-dlq").'
    ],
    [{ operation: '' }, "Input 'operation' must be one of list-dlq, resume-schedule, resume-workflows (it is empty)."],
    [{ operation: 'list-dlq', 'base-url': 'http://service.example.com' }, "Input 'base-url' must use https://"],
    [{ operation: 'list-dlq', 'base-url': 'service' }, "Input 'base-url' must be an absolute URL"],
    [{ operation: 'list-dlq', 'base-url': '' }, "Input 'base-url' is required"],
    [{ operation: 'list-dlq', token: '  ' }, "Input 'token' must not be empty"]
  ])('%j', (inputs, message) => {
    expect(errorOf(inputs)).toContain(message)
  })

  it('reports every bad input at once, one line each', () => {
    const lines = errorOf({ operation: 'list-dlq', count: '0', order: 'x' }).split('\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^Input 'count'/)
    expect(lines[1]).toMatch(/^Input 'order'/)
  })

  it('never echoes the token', () => {
    const message = errorOf({ operation: 'list-dlq', token: 'secret-value', count: 'x', 'base-url': 'nope' })
    expect(message).not.toContain('secret-value')
  })
})

describe('readSettings: resume-workflows and resume-schedule', () => {
  it('reads selectors, overrides and cursor', () => {
    expect(
      settings({
        operation: 'resume-workflows',
        'dlq-ids': 'd1, d2\nd3',
        'workflow-url': 'https://app.example/wf',
        'workflow-run-id': 'wfr_',
        'workflow-created-at': '1700000000000',
        'from-date': '1700000000000',
        'flow-control-key': 'tenant-1',
        'flow-control-value': 'parallelism=5, rate=10',
        retries: '0',
        cursor: 'abc'
      })
    ).toMatchObject({
      selection: {
        dlqIds: ['d1', 'd2', 'd3'],
        workflowUrl: 'https://app.example/wf',
        workflowRunId: 'wfr_',
        workflowCreatedAt: 1_700_000_000_000,
        fromDate: 1_700_000_000_000
      },
      all: false,
      overrides: { flowControlKey: 'tenant-1', flowControlValue: 'parallelism=5,rate=10', retries: 0 },
      cursor: 'abc'
    })
  })

  it('resumes the whole DLQ only when all is true', () => {
    expect(settings({ operation: 'resume-workflows', all: 'true' })).toMatchObject({ selection: {}, all: true })
  })

  it('splits schedule ids on newlines and commas, once each', () => {
    expect(settings({ operation: 'resume-schedule', 'schedule-id': 'a, b\nb\n' })).toMatchObject({
      scheduleIds: ['a', 'b']
    })
  })
})

describe('unusedInputs', () => {
  it('names inputs the operation does not read', () => {
    const inputs = read({ ...BASE, operation: 'resume-schedule', 'schedule-id': 's', count: '5', 'dlq-ids': 'x' })
    expect(unusedInputs(inputs, 'resume-schedule')).toEqual(['count', 'dlq-ids'])
    expect(unusedInputs(read({ ...BASE, url: 'u' }), 'list-dlq')).toEqual([])
  })

  it('does not warn about the defaults the runner passes for every input', () => {
    const inputs = read({ ...BASE, 'schedule-id': 's', count: '100', order: 'earliestFirst', all: 'false' })
    expect(unusedInputs(inputs, 'resume-schedule')).toEqual([])
    expect(unusedInputs(read({ ...BASE, all: 'true' }), 'list-dlq')).toEqual(['all'])
  })
})
