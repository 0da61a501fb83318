/**
 * Bad inputs and the refusal each must get, naming the input: one table, checked once by the settings reader
 * (unit) and once end to end, several cases to a run (the action reports every bad input at once).
 */
export interface BadInput {
  name: string
  /** the inputs of the step (over the defaults and a good token and base-url) */
  inputs: Record<string, string>
  /** the input the refusal names */
  input: string
  /** what it says after `Input '<input>' ` */
  says: string
  /** checked only once every input is valid on its own (a relation between inputs, the operation): runs alone */
  alone?: boolean
}

const schedule = { operation: 'resume-schedule', 'schedule-id': 'sched-1' }
const list = { operation: 'list-dlq' }
const resume = { operation: 'resume-workflows', all: 'true' }
const wholeNumber = (range: string): string => `must be a whole number from ${range}`
const pairs = 'must be name=number pairs'
const dates = { 'from-date': '2026-02-01', 'to-date': '2026-01-01' }
const stageSizes =
  'must be the sizes of successive stages, separated by commas or lines, each a whole number of 1 or more'
const watchAllowed = 'must be a duration of 1 second or more in s, m or h, in lower case (e.g. 90s, 10m, 1h)'

export const BAD_INPUTS: readonly BadInput[] = [
  { name: 'count 0', inputs: { ...list, count: '0' }, input: 'count', says: wholeNumber('1 to 100') },
  { name: 'count 101', inputs: { ...list, count: '101' }, input: 'count', says: wholeNumber('1 to 100') },
  { name: 'count 2.5', inputs: { ...list, count: '2.5' }, input: 'count', says: wholeNumber('1 to 100') },
  {
    name: 'an unknown order',
    inputs: { ...list, order: 'newestFirst' },
    input: 'order',
    says: 'must be earliestFirst or latestFirst'
  },
  {
    name: 'an unparseable date',
    inputs: { ...list, 'from-date': 'yesterday' },
    input: 'from-date',
    says: 'must be Unix milliseconds'
  },
  {
    name: 'from after to',
    inputs: { ...resume, ...dates },
    input: 'from-date',
    says: 'must not be after to-date',
    alone: true
  },
  {
    name: 'response-status 99',
    inputs: { ...list, 'response-status': '99' },
    input: 'response-status',
    says: wholeNumber('100 to 599')
  },
  {
    name: 'response-status 600',
    inputs: { ...list, 'response-status': '600' },
    input: 'response-status',
    says: wholeNumber('100 to 599')
  },
  { name: 'negative retries', inputs: { ...resume, retries: '-1' }, input: 'retries', says: wholeNumber('0') },
  { name: 'fractional retries', inputs: { ...resume, retries: '1.5' }, input: 'retries', says: wholeNumber('0') },
  {
    name: 'flow control without =',
    inputs: { ...resume, 'flow-control-value': 'parallelism' },
    input: 'flow-control-value',
    says: pairs
  },
  {
    name: 'flow control not a number',
    inputs: { ...resume, 'flow-control-value': 'rate=fast' },
    input: 'flow-control-value',
    says: pairs
  },
  { name: 'all not a boolean', inputs: { ...resume, all: 'yes' }, input: 'all', says: 'must be true or false' },
  {
    name: 'schedule-id missing',
    inputs: { operation: 'resume-schedule' },
    input: 'schedule-id',
    says: 'is required'
  },
  {
    name: 'schedule-id only separators',
    inputs: { ...schedule, 'schedule-id': ' ,\n , ' },
    input: 'schedule-id',
    says: 'is required'
  },
  {
    name: 'base-url not a URL',
    inputs: { ...list, 'base-url': 'service.example.com' },
    input: 'base-url',
    says: 'must be an absolute URL'
  },
  {
    name: 'plain http to a remote host',
    inputs: { ...list, 'base-url': 'http://example.com' },
    input: 'base-url',
    says: 'must use https://'
  },
  { name: 'an empty token', inputs: { ...list, token: '' }, input: 'token', says: 'must not be empty' },
  { name: 'a blank token', inputs: { ...list, token: '   ' }, input: 'token', says: 'must not be empty' },
  {
    name: 'an unknown operation',
    inputs: { operation: 'purge' },
    input: 'operation',
    says: 'must be one of list-dlq, resume-schedule, resume-workflows',
    alone: true
  },
  {
    name: 'timeout-seconds 0',
    inputs: { ...list, 'timeout-seconds': '0' },
    input: 'timeout-seconds',
    says: wholeNumber('1')
  },
  { name: 'max-attempts 0', inputs: { ...list, 'max-attempts': '0' }, input: 'max-attempts', says: wholeNumber('1') },
  { name: 'max-runs 0', inputs: { ...resume, 'max-runs': '0' }, input: 'max-runs', says: wholeNumber('1') },
  { name: 'negative max-runs', inputs: { ...resume, 'max-runs': '-5' }, input: 'max-runs', says: wholeNumber('1') },
  { name: 'fractional max-runs', inputs: { ...resume, 'max-runs': '2.5' }, input: 'max-runs', says: wholeNumber('1') },
  {
    name: 'max-runs not a number',
    inputs: { ...resume, 'max-runs': 'ten' },
    input: 'max-runs',
    says: wholeNumber('1')
  },
  {
    name: 'dlq-ids and dlq-ids-file at once',
    inputs: { ...resume, 'dlq-ids': 'dlq_1', 'dlq-ids-file': 'ids.txt' },
    input: 'dlq-ids-file',
    says: 'cannot be combined with dlq-ids',
    alone: true
  },
  {
    name: 'an unknown source',
    inputs: { ...list, source: 'workflows' },
    input: 'source',
    says: 'must be message or workflow'
  },
  {
    name: 'a message filter with source workflow',
    inputs: { ...list, source: 'workflow', 'topic-name': 'orders' },
    input: 'topic-name',
    says: 'does not apply with source workflow',
    alone: true
  },
  {
    name: 'a workflow selector without source workflow',
    inputs: { ...list, 'workflow-run-id': 'wfr_1' },
    input: 'workflow-run-id',
    says: 'applies only with source workflow',
    alone: true
  },
  { name: 'a stage of 0', inputs: { ...resume, stages: '10, 0, all', watch: '1m' }, input: 'stages', says: stageSizes },
  { name: 'a stage not a number', inputs: { ...resume, stages: '10\nten' }, input: 'stages', says: stageSizes },
  { name: 'a fractional stage', inputs: { ...resume, stages: '1.5' }, input: 'stages', says: stageSizes },
  {
    name: 'all before the last stage',
    inputs: { ...resume, stages: 'all, 10', watch: '1m' },
    input: 'stages',
    says: 'may have all as its last stage only'
  },
  { name: 'a watch in upper case', inputs: { ...resume, watch: '10M' }, input: 'watch', says: watchAllowed },
  { name: 'a watch of 0s', inputs: { ...resume, watch: '0s' }, input: 'watch', says: watchAllowed },
  { name: 'a watch in ms', inputs: { ...resume, watch: '500ms' }, input: 'watch', says: watchAllowed },
  { name: 'a watch with no unit', inputs: { ...resume, watch: '90' }, input: 'watch', says: watchAllowed },
  {
    name: 'a negative watch-max-failed',
    inputs: { ...resume, 'watch-max-failed': '-1' },
    input: 'watch-max-failed',
    says: wholeNumber('0')
  },
  {
    name: 'a watch without stages',
    inputs: { ...resume, watch: '10m' },
    input: 'watch',
    says: 'applies only with stages',
    alone: true
  },
  {
    name: 'watch-max-failed without stages',
    inputs: { ...resume, 'watch-max-failed': '2' },
    input: 'watch-max-failed',
    says: 'applies only with stages',
    alone: true
  },
  {
    name: 'stages without a watch',
    inputs: { ...resume, stages: '10, all' },
    input: 'watch',
    says: 'is required with 2 stages',
    alone: true
  },
  {
    name: 'a watch with one stage',
    inputs: { ...resume, stages: '10', watch: '1m' },
    input: 'watch',
    says: 'has nothing to gate with one stage',
    alone: true
  }
]

/** The refusal line a case expects. */
export const refusal = (c: BadInput): string => `Input '${c.input}' ${c.says}`

/** The inputs a case sets besides the operation (and the `all: 'true'` every resume-workflows case starts from). */
function ownInputs(c: BadInput): string[] {
  return Object.keys(c.inputs).filter(name => name !== 'operation' && !(name === 'all' && c.inputs.all === 'true'))
}

/**
 * The cases packed into as few runs as can hold them: cases of one operation whose inputs and named input differ
 * share a run; a case marked `alone` runs alone.
 */
export function packBadInputs(cases: readonly BadInput[] = BAD_INPUTS): BadInput[][] {
  const runs: BadInput[][] = []
  for (const c of cases) {
    const taken = (run: BadInput[]): boolean =>
      run.some(
        other =>
          other.inputs.operation !== c.inputs.operation ||
          other.input === c.input ||
          ownInputs(other).some(name => ownInputs(c).includes(name))
      )
    const room = c.alone ? undefined : runs.find(run => !run[0]?.alone && !taken(run))
    if (room) room.push(c)
    else runs.push([c])
  }
  return runs
}

/** The inputs of a packed run: every case's inputs together, each case's own values over the shared ones. */
export function packedInputs(run: readonly BadInput[]): Record<string, string> {
  const inputs: Record<string, string> = Object.assign({}, ...run.map(c => c.inputs)) as Record<string, string>
  for (const c of run) for (const name of ownInputs(c)) inputs[name] = c.inputs[name] as string
  return inputs
}
