import { describe, expect, it } from '@jest/globals'
import { InputError, readSettings, unusedInputs } from '../../src/inputs/settings.js'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)
const BASE = { token: 't0ken-6e2f9a', 'base-url': 'https://service.example.com' }

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
      service: {
        token: 't0ken-6e2f9a',
        baseUrl: new URL('https://service.example.com'),
        timeoutMs: 30_000,
        maxAttempts: 5
      },
      list: {
        filters: {},
        pageSize: 100,
        order: 'earliestFirst',
        maxPages: 10_000,
        concurrency: 1,
        // new-within's default: new-count is counted on every run.
        windows: { arrivals: { withinMs: 3_600_000 } }
      },
      health: {},
      // Credential header values are redacted from messages-file unless keep-credential-headers says otherwise.
      keepCredentialHeaders: false
    })
  })

  it('reads keep-credential-headers and issue-repeat-interval, and refuses them malformed, naming the input', () => {
    expect(settings({ operation: 'list-dlq', 'keep-credential-headers': 'true' })).toMatchObject({
      keepCredentialHeaders: true
    })
    expect(
      settings({
        operation: 'list-dlq',
        'fail-if-count-above': '10',
        'issue-on-failure': 'true',
        'issue-repeat-interval': '90m'
      })
    ).toMatchObject({ issue: { title: 'DLQ health check failing', repeatIntervalMs: 90 * 60_000 } })
    expect(settings({ operation: 'list-dlq', 'fail-if-count-above': '10', 'issue-on-failure': 'true' })).toMatchObject({
      issue: { repeatIntervalMs: 4 * 3_600_000 }
    })
    expect(() => settings({ operation: 'list-dlq', 'issue-repeat-interval': 'soon' })).toThrow(
      /issue-repeat-interval.*must be a duration/
    )
    expect(() => settings({ operation: 'list-dlq', 'keep-credential-headers': 'yes' })).toThrow(
      /keep-credential-headers.*must be true or false/
    )
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
      health: { countAbove: 0, oldestOlderThanMs: 6 * 3_600_000 },
      messagesFile: '/home/runner/work/shop/out/dlq.ndjson',
      list: { concurrency: 8 }
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
      list: {
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
        pageSize: 25,
        order: 'latestFirst',
        cursor: 'c1',
        maxMessages: 1000,
        maxPages: 7
      },
      service: { timeoutMs: 5000, maxAttempts: 2 }
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
      "Input 'fail-if-count-above' must be a whole number, 0 or more"
    ],
    [
      { operation: 'list-dlq', 'fail-if-oldest-older-than': '6 hours' },
      "Input 'fail-if-oldest-older-than' must be a duration of 1 second or more, such as 30m, 6h, 2d or 1w"
    ],
    [{ operation: 'list-dlq', concurrency: '17' }, "Input 'concurrency' must be a whole number from 1 to 16"],
    [
      { operation: 'list-dlq', concurrency: '4', 'max-messages': '10' },
      "Input 'concurrency' must be 1 when max-messages is set"
    ],
    [{ operation: 'list-dlq', concurrency: '4', cursor: 'c' }, "Input 'concurrency' must be 1 when cursor is set"],
    [
      { operation: 'list-dlq', 'message-id': 'm1\nm2', cursor: 'c' },
      "Input 'cursor' cannot be combined with several message-id values"
    ],
    [
      { operation: 'list-dlq', 'message-id': 'm1\nm2', 'max-messages': '1' },
      "Input 'max-messages' cannot be combined with several message-id values"
    ],
    [{ operation: 'resume-workflows', all: 'yes' }, 'Input \'all\' must be true or false (got "yes").'],
    [
      { operation: 'resume-workflows', all: 'true', retries: '-1' },
      "Input 'retries' must be a whole number from 0 to 1000000"
    ],
    [
      { operation: 'resume-workflows', all: 'true', retries: '2.5' },
      "Input 'retries' must be a whole number from 0 to 1000000"
    ],
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
    [
      { operation: 'resume-schedule', 'schedule-id': ' , \n' },
      "Input 'schedule-id' is empty: it holds only separators"
    ],
    [
      { operation: 'resume-schedule', 'schedule-id': '..' },
      'Input \'schedule-id\' value 1 ("..") is not a schedule id: "." and ".." would name another path'
    ],
    [
      { operation: 'remove-dlq' },
      'Input \'operation\' must be one of list-dlq, resume-schedule, resume-workflows, restart-workflows, retry-messages, delete-dlq (got "remove-dlq").'
    ],
    [
      { operation: '' },
      "Input 'operation' must be one of list-dlq, resume-schedule, resume-workflows, restart-workflows, retry-messages, delete-dlq (it is empty)."
    ],
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

  it('keeps each bad input typed, and flags a resume with no selector', () => {
    const error = (inputs: Record<string, string>): InputError => {
      try {
        settings(inputs)
      } catch (err) {
        return err as InputError
      }
      throw new Error('expected an InputError')
    }
    const two = error({ operation: 'list-dlq', count: '0', order: 'x' })
    expect(two.issues.map(issue => issue.input)).toEqual(['count', 'order'])
    expect(two.noSelector).toBe(false)
    const unselected = error({ operation: 'resume-workflows' })
    expect(unselected.noSelector).toBe(true)
    expect(unselected.issues).toEqual([{ input: 'all', message: unselected.message }])
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
      resume: {
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
      }
    })
  })

  it('resumes the whole DLQ only when all is true', () => {
    expect(settings({ operation: 'resume-workflows', all: 'true' })).toMatchObject({
      resume: { selection: {}, all: true }
    })
  })

  it('splits schedule ids on newlines and commas, once each', () => {
    expect(settings({ operation: 'resume-schedule', 'schedule-id': 'a, b\nb\n' })).toMatchObject({
      schedules: { scheduleIds: ['a', 'b'] }
    })
  })
})

describe('readSettings: section 5 of the wire contract and hostile inputs', () => {
  const REAL = 'must be a real date and time: month 01-12, a day the month has, hours 00-23, minutes and seconds 00-59'
  const AFTER_1970 = 'must be a duration ago that stays after 1970-01-01 (the start of Unix time)'
  // schedule-id is not among them: a comma separates schedule ids in every operation (below).
  const LIST_FILTERS = ['message-id', 'url', 'topic-name', 'queue-name', 'api', 'caller-ip']

  it.each(LIST_FILTERS)('refuses a comma inside a %s value, which a server may read as a separator', name => {
    const message = errorOf({ operation: 'list-dlq', [name]: 'first\nsecond,third' })
    expect(message).toBe(
      `Input '${name}' must not contain a comma: servers read a comma as a separator between values, so the filter ` +
        'would match other values too; give several values one per line (got "first second,third").'
    )
  })

  it.each(['workflow-url', 'workflow-run-id'])('refuses a comma inside %s', name => {
    expect(errorOf({ operation: 'resume-workflows', [name]: 'https://a.example/wf,https://b.example/wf' })).toContain(
      `Input '${name}' must not contain a comma: servers read a comma as a separator`
    )
  })

  it('keeps splitting schedule ids to resume and dlq-ids on commas', () => {
    expect(settings({ operation: 'resume-schedule', 'schedule-id': 'a,b' })).toMatchObject({
      schedules: { scheduleIds: ['a', 'b'] }
    })
    // One rule for schedule-id: list-dlq filters by each id, as a server reads a comma inside the value.
    expect(settings({ operation: 'list-dlq', 'schedule-id': 'a,b\nc' })).toMatchObject({
      list: { filters: { scheduleId: ['a', 'b', 'c'] } }
    })
    expect(errorOf({ operation: 'list-dlq', 'schedule-id': '["a,b"]' })).toBe(
      'Input \'schedule-id\' value 1 ("a,b") holds a comma, which separates schedule ids (got "["a,b"]").'
    )
    expect(settings({ operation: 'resume-workflows', 'dlq-ids': 'd1,d2' })).toMatchObject({
      resume: { selection: { dlqIds: ['d1', 'd2'] } }
    })
  })

  it('allows many message ids: they are listed one id a request', () => {
    const ids = Array.from({ length: 1800 }, (_, i) => `msg_${String(i).padStart(32, '0')}`)
    expect(settings({ operation: 'list-dlq', 'message-id': ids.join('\n') })).toMatchObject({
      list: { filters: { messageId: ids } }
    })
  })

  it('refuses filters whose query would pass 6 KB, naming the input with the most bytes', () => {
    const urls = Array.from({ length: 60 }, (_, i) => `https://hooks.example.com/path/${String(i).padStart(60, 'x')}`)
    const message = errorOf({ operation: 'list-dlq', url: urls.join('\n'), 'topic-name': 'orders\nrefunds' })
    expect(message).toMatch(
      /^Input 'url' makes the query of each request too long: it takes \d+ bytes of \d+, over the 6144 bytes \(6 KB\) a request may carry, since servers and proxies refuse longer URLs; give fewer or shorter values \(got "https:/
    )
    expect(message.split('\n')).toHaveLength(1)
    // Well under the limit: accepted; the limit counts bytes as sent, percent-encoding included.
    expect(settings({ operation: 'list-dlq', url: urls.slice(0, 40).join('\n') })).toMatchObject({})
    expect(errorOf({ operation: 'list-dlq', 'caller-ip': urls.slice(0, 40).join('\n').replace(/x/g, 'é') })).toMatch(
      /^Input 'caller-ip' makes the query of each request too long/
    )
  })

  it('names, of two inputs taking the same bytes, the first in a fixed order (url before message-id)', () => {
    // '&url=' and 3,006 characters, '&messageId=' and 3,000: 3,011 bytes each.
    const error = errorOf({ operation: 'list-dlq', url: 'a'.repeat(3006), 'message-id': 'b'.repeat(3000) })
    expect(error).toMatch(/^Input 'url' makes the query of each request too long: it takes 3011 bytes/)
  })

  it('refuses one message id, or a cursor, too long for any request', () => {
    expect(errorOf({ operation: 'list-dlq', 'message-id': `short\n${'m'.repeat(6000)}` })).toMatch(
      /^Input 'message-id' makes the query of each request too long/
    )
    expect(errorOf({ operation: 'list-dlq', cursor: 'c'.repeat(6100) })).toMatch(
      /^Input 'cursor' makes the query of each request too long/
    )
    expect(errorOf({ operation: 'resume-workflows', 'workflow-url': `https://a.example/${'w'.repeat(6000)}` })).toMatch(
      /^Input 'workflow-url' makes the query of each request too long/
    )
    expect(
      settings({ operation: 'resume-workflows', 'dlq-ids': Array(2000).fill('dlq_0123456789abcdef').join(',') })
    ).toMatchObject({ resume: { all: false } })
  })

  it.each([
    ['from-date', '2026-02-30', REAL],
    ['to-date', '2026-13-01', REAL],
    ['from-date', '2026-01-31T25:00:00Z', REAL],
    ['from-date', '0000-01-01', 'must be a date from 1970-01-01 to 9999-12-31 (UTC)'],
    ['from-date', '9999999999999999999d', AFTER_1970],
    ['to-date', '30000d', AFTER_1970],
    [
      'from-date',
      '1700000000',
      'looks like Unix seconds; give milliseconds (1700000000000) or ISO-8601 (2026-01-31T12:00:00Z)'
    ],
    ['to-date', '253402300800000', 'must be Unix milliseconds up to 253402300799999 (the end of year 9999)']
  ])('list-dlq refuses %s %p', (name, value, reason) => {
    expect(errorOf({ operation: 'list-dlq', [name]: value })).toBe(`Input '${name}' ${reason} (got "${value}").`)
    expect(errorOf({ operation: 'resume-workflows', [name]: value })).toBe(
      `Input '${name}' ${reason} (got "${value}").`
    )
  })

  it.each([
    ['1700000000', 'looks like Unix seconds; give milliseconds (1700000000000)'],
    ['9000000000000000', 'must be Unix milliseconds up to 253402300799999 (the end of year 9999)'],
    ['2026-01-31', 'must be the exact creation time in Unix milliseconds']
  ])('refuses workflow-created-at %p', (value, reason) => {
    expect(errorOf({ operation: 'resume-workflows', 'workflow-created-at': value })).toBe(
      `Input 'workflow-created-at' ${reason} (got "${value}").`
    )
  })

  it('refuses a fail-if-oldest-older-than that overflows', () => {
    expect(errorOf({ operation: 'list-dlq', 'fail-if-oldest-older-than': '9999999999999999999d' })).toContain(
      "Input 'fail-if-oldest-older-than' must be a duration of at most 9007199254740991 milliseconds"
    )
    expect(settings({ operation: 'list-dlq', 'fail-if-oldest-older-than': '5000w' })).toMatchObject({
      health: { oldestOlderThanMs: 5000 * 604_800_000 }
    })
  })

  it.each(['token', 'github-token'])('refuses control characters in %s without echoing it', name => {
    for (const bad of ['sk_live_a\nb', 'sk_live_a\rb', 'sk_live_a\u0000b', 'sk_live_a\u0085b', 'sk_live_a\u2028b']) {
      const message = errorOf({ operation: 'list-dlq', [name]: bad })
      expect(message).toBe(
        `Input '${name}' must not contain control characters or line breaks (CR, LF, NUL, U+2028...): ` +
          'copy the token again without them.'
      )
    }
    expect(errorOf({ operation: 'list-dlq', [name]: 'sk_live_caf\u00e9' })).not.toContain('sk_live')
  })

  it('accepts flow-control-value with a period and a unit, as given', () => {
    expect(
      settings({ operation: 'resume-workflows', all: 'true', 'flow-control-value': 'rate=10,period=60s' })
    ).toMatchObject({
      resume: { overrides: { flowControlValue: 'rate=10,period=60s' } }
    })
  })

  it('reads runs-file against the workspace, and refuses a directory-looking path', () => {
    expect(settings({ operation: 'resume-workflows', all: 'true', 'runs-file': 'out/runs.ndjson' })).toMatchObject({
      runsFile: '/home/runner/work/shop/out/runs.ndjson'
    })
    expect(settings({ operation: 'resume-workflows', all: 'true', 'runs-file': '/tmp/r.ndjson' })).toMatchObject({
      runsFile: '/tmp/r.ndjson'
    })
    expect(settings({ operation: 'resume-workflows', all: 'true' })).not.toHaveProperty('runsFile')
    expect(errorOf({ operation: 'resume-workflows', all: 'true', 'runs-file': 'out/' })).toBe(
      'Input \'runs-file\' must be a file path, not a directory (got "out/").'
    )
    expect(errorOf({ operation: 'list-dlq', 'messages-file': 'out/' })).toContain(
      "Input 'messages-file' must be a file path, not a directory"
    )
  })

  it('reports every bad input at once, and quotes control characters as escapes', () => {
    const lines = errorOf({
      operation: 'list-dlq',
      token: 'a\nb',
      url: 'https://a.example/x,y',
      'from-date': '2026-02-30',
      'topic-name': 'one\u0085two,three'
    }).split('\n')
    expect(lines.map(l => /^Input '([^']+)'/.exec(l)?.[1])).toEqual(['token', 'url', 'topic-name', 'from-date'])
    expect(lines[2]).toContain('(got "one\\u0085two,three")')
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

describe('readSettings: the plan of a staged resume', () => {
  const staged = { operation: 'resume-workflows', all: 'true', stages: '1, 2, all', watch: '4h' }

  it('refuses on a GitHub-hosted runner a plan whose watches outlast its 6-hour job, saying the total', () => {
    const saved = process.env.RUNNER_ENVIRONMENT
    process.env.RUNNER_ENVIRONMENT = 'github-hosted'
    try {
      expect(errorOf(staged)).toContain(
        "Input 'watch' makes the watches take up to 8h in all (2 watched stages × 4h), leaving less than the 10 " +
          'minutes its resume requests need of the 6 hours a GitHub-hosted job may run'
      )
      expect(settings({ ...staged, watch: '2h50m' }).operation).toBe('resume-workflows')
      // Exactly 6 hours of watching leaves no time for the resume itself; counts and durations as written.
      expect(errorOf({ ...staged, stages: '1, all', watch: '6h' })).toContain('up to 6h in all (1 watched stage × 6h)')
      expect(errorOf({ ...staged, stages: '1, all', watch: '21601s' })).toContain(
        'up to 21601s in all (1 watched stage × 21601s)'
      )
      expect(errorOf({ ...staged, watch: '2h55m1s' })).toContain('up to 2 × 2h55m1s in all')
      expect(settings({ ...staged, stages: '1, all', watch: '5h50m' }).operation).toBe('resume-workflows')
    } finally {
      if (saved === undefined) delete process.env.RUNNER_ENVIRONMENT
      else process.env.RUNNER_ENVIRONMENT = saved
    }
  })

  it('takes it elsewhere, keeping the watch as written, and watch-retries for the watched stages', () => {
    const saved = process.env.RUNNER_ENVIRONMENT
    process.env.RUNNER_ENVIRONMENT = 'self-hosted'
    try {
      const read = settings({ ...staged, 'watch-retries': '1' })
      expect(read.operation === 'resume-workflows' && read.resume.stages).toEqual({
        sizes: [1, 2, Infinity],
        watchMs: 4 * 3_600_000,
        watchText: '4h',
        maxFailed: 0,
        watchRetries: 1
      })
    } finally {
      if (saved === undefined) delete process.env.RUNNER_ENVIRONMENT
      else process.env.RUNNER_ENVIRONMENT = saved
    }
  })

  it('refuses watch-retries without stages, or with one stage', () => {
    expect(errorOf({ operation: 'resume-workflows', all: 'true', 'watch-retries': '1' })).toContain(
      "Input 'watch-retries' applies only with stages"
    )
    expect(errorOf({ operation: 'resume-workflows', all: 'true', stages: 'all', 'watch-retries': '1' })).toContain(
      "Input 'watch-retries' has no watched stage to apply to"
    )
  })
})
