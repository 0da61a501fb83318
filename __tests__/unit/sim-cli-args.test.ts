import { describe, expect, it } from '@jest/globals'
import { parseArgs } from '../../sim/cli-args.js'

describe('the simulator command line', () => {
  it('honours count by default: no variant unless a switch names one', () => {
    expect(parseArgs(['--port', '8787', '--messages=20'])).toEqual({ port: 8787, messages: 20, realistic: true })
  })

  it('--ignore-resume-count makes it the server that ignores a smaller count', () => {
    expect(parseArgs(['--ignore-resume-count', '--port', '0'])).toEqual({
      port: 0,
      variants: { ignoreResumeCount: true },
      realistic: true
    })
  })

  it('refuses an unknown option and a value given to the switch', () => {
    expect(() => parseArgs(['--honour-resume-count'])).toThrow(/unknown option --honour-resume-count/)
    expect(() => parseArgs(['--ignore-resume-count=yes'])).toThrow(/unknown option --ignore-resume-count/)
  })
})

describe('the seed the command line asks for', () => {
  it('is the realistic shop data by default, as the demo seeds it', () => {
    expect(parseArgs([])).toEqual({ realistic: true })
  })

  it('is the tests hostile rows only with --hostile-seed, which --seed then varies', () => {
    expect(parseArgs(['--hostile-seed'])).toEqual({})
    expect(parseArgs(['--hostile-seed', '--seed', '7'])).toEqual({ seed: 7 })
  })

  it('refuses --seed without --hostile-seed (the realistic data is fixed) and a value given to the switch', () => {
    expect(() => parseArgs(['--seed', '7'])).toThrow(/--seed picks the hostile rows: add --hostile-seed/)
    expect(() => parseArgs(['--hostile-seed=yes'])).toThrow(/unknown option --hostile-seed/)
  })
})

describe('the flags of the writes', () => {
  it('set one message fate from the --retry-fail-again flags', () => {
    const url = 'https://payments.example.com/callback'
    const argv = ['--retry-fail-again', url, '--retry-fail-again-share=0.25', '--retry-interval-ms', '10000']
    expect(parseArgs([...argv, '--retry-fail-again-status', '503', '--retry-fail-again-body', 'down'])).toEqual({
      messageFates: [{ url, share: 0.25, retryIntervalMs: 10_000, responseStatus: 503, responseBody: 'down' }],
      realistic: true
    })
    expect(parseArgs(['--retry-fail-again', '*', '--retry-deduplicated-share', '0.1']).messageFates).toEqual([
      { deduplicatedShare: 0.1 }
    ])
  })

  it('make --retry-deduplicated-share alone the fate of every retry, none failing again', () => {
    expect(parseArgs(['--retry-deduplicated-share', '0.5']).messageFates).toEqual([
      { share: 0, deduplicatedShare: 0.5 }
    ])
  })

  it('set the runs that refuse restart, a server without writes and write dates on the entry time', () => {
    expect(
      parseArgs([
        '--unrestartable-share',
        '0.2',
        '--unrestartable-ids=dlq_a,dlq_b',
        '--lacks',
        'retry,delete',
        '--lacks-status',
        '405',
        '--write-dates-on-entry-time',
        '--ignore-resume-count'
      ])
    ).toEqual({
      unrestartable: { share: 0.2, dlqIds: ['dlq_a', 'dlq_b'] },
      variants: {
        lacks: ['retry', 'delete'],
        lacksStatus: 405,
        writeDatesOnEntryTime: true,
        ignoreResumeCount: true
      },
      realistic: true
    })
  })

  it.each([
    [['--retry-fail-again-share', '0.5'], 'need --retry-fail-again'],
    [['--retry-interval-ms', '5'], 'need --retry-fail-again'],
    [['--retry-fail-again', '*', '--retry-fail-again-share', '1.5'], '--retry-fail-again-share expects 0 to 1'],
    [['--retry-fail-again', '*', '--retry-interval-ms', '-1'], '--retry-interval-ms expects a non-negative integer'],
    [
      ['--retry-fail-again', '*', '--retry-fail-again-status', '99'],
      '--retry-fail-again-status expects an HTTP status'
    ],
    [['--retry-deduplicated-share', 'half'], '--retry-deduplicated-share expects 0 to 1'],
    [['--unrestartable-ids', 'a,,b'], '--unrestartable-ids expects dlqIds joined by commas'],
    [['--lacks', 'retry,resume'], '--lacks expects some of retry,restart,delete'],
    [['--lacks', 'retry,retry'], '--lacks expects some of retry,restart,delete'],
    [['--lacks', ''], '--lacks expects some of retry,restart,delete'],
    [['--lacks', 'delete', '--lacks-status', '410'], '--lacks-status expects 404 or 405'],
    [['--lacks-status', '405'], '--lacks-status needs --lacks'],
    [['--write-dates-on-entry-time=yes'], 'unknown option --write-dates-on-entry-time'],
    [['--lacks'], '--lacks needs a value']
  ])('refuse %j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(message)
  })
})
