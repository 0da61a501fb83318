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
const remove = { operation: 'delete-dlq', all: 'true' }
const wholeNumber = (range: string): string => `must be a whole number from ${range}`
const orMore = (min: number): string => `must be a whole number, ${min} or more`
const pairs = 'must be name=number pairs'
const dates = { 'from-date': '2026-02-01', 'to-date': '2026-01-01' }
const stageSizes =
  'must be the sizes of successive stages, separated by commas or lines, each a whole number of 1 or more'
const watchAllowed = 'must be a duration of 1 second or more, such as 30m, 6h, 2d or 1w'
const oneLine = 'takes one value, on one line: remove the line break (it would be sent as part of the value)'
const emptyList = 'is empty: it holds only separators or an empty JSON array; give at least one value'
const upperCase =
  'must use the units s (seconds), m (minutes), h (hours), d (days) and w (weeks), in lower case ' +
  '(no unit is read in upper case: many tools read M as a month)'
const notDlqId = 'is not a DLQ id (one word: no spaces, commas, quotes, braces or brackets)'
const oneWorkflow =
  "takes one value in a write on failed runs (2 given): the service's bulk writes filter by one workflow URL; take " +
  'each workflow in its own step'
const notJson = 'starts with "[" but is not a JSON array of strings (such as ["a","b"], an output of list-dlq)'
const notJsonString =
  'starts with a double quote but is not one JSON string (such as "a", what toJSON() of a string gives): give the ' +
  'values without quotes, one a line, or a JSON array'
const growthForms = 'a number of messages or a percentage, a slash and a window, such as +500/1h or 200%/24h'
const bracket = 'starts with "[": a JSON array is read only as the whole input; give each value without brackets'
const runPairs =
  'must be a JSON array of runs, each {"workflowRunId": "...", "workflowCreatedAt": <Unix ms>}, as the outputs ' +
  'failed-again-runs and workflow-runs give it'
const serviceRoot = "must be the service root, without /v2 or an endpoint's path (the action adds /v2/... itself)"

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
  {
    name: 'negative retries',
    inputs: { ...resume, retries: '-1' },
    input: 'retries',
    says: wholeNumber('0 to 1000000')
  },
  {
    name: 'fractional retries',
    inputs: { ...resume, retries: '1.5' },
    input: 'retries',
    says: wholeNumber('0 to 1000000')
  },
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
    says: 'is empty: it holds only separators or an empty JSON array; give at least one value'
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
    name: 'a token too short to keep out of what the action writes',
    inputs: { ...list, token: 'e' },
    input: 'token',
    says: 'is 1 character long: a real token is longer'
  },
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
    says: wholeNumber('1 to 3600')
  },
  {
    name: 'max-attempts 0',
    inputs: { ...list, 'max-attempts': '0' },
    input: 'max-attempts',
    says: wholeNumber('1 to 20')
  },
  { name: 'max-runs 0', inputs: { ...resume, 'max-runs': '0' }, input: 'max-runs', says: orMore(1) },
  { name: 'negative max-runs', inputs: { ...resume, 'max-runs': '-5' }, input: 'max-runs', says: orMore(1) },
  { name: 'fractional max-runs', inputs: { ...resume, 'max-runs': '2.5' }, input: 'max-runs', says: orMore(1) },
  {
    name: 'max-runs not a number',
    inputs: { ...resume, 'max-runs': 'ten' },
    input: 'max-runs',
    says: orMore(1)
  },
  {
    name: 'dlq-ids and dlq-ids-file at once',
    inputs: { ...resume, 'dlq-ids': 'dlq_1', 'dlq-ids-file': 'ids.txt' },
    input: 'dlq-ids-file',
    says: 'cannot be combined with dlq-ids',
    alone: true
  },
  {
    name: 'a cursor of a resume by filters without the to-date it was made under',
    inputs: { operation: 'resume-workflows', 'workflow-url': 'https://app.example.com/wf', cursor: 'c1' },
    input: 'to-date',
    says: 'is required with cursor in a resume by filters: set it to the output next-to-date of the step that gave the cursor',
    alone: true
  },
  {
    name: 'workflow-runs as a list of ids, not of runs',
    inputs: { operation: 'resume-workflows', 'workflow-runs': '["wfr_1","wfr_2"]' },
    input: 'workflow-runs',
    says: `${runPairs}: run 1 of the array is not an object`
  },
  {
    name: 'workflow-runs whose run has no creation time',
    inputs: { operation: 'resume-workflows', 'workflow-runs': '[{"workflowRunId":"wfr_1"}]' },
    input: 'workflow-runs',
    says: `${runPairs}: run 1 of the array ("wfr_1") has no workflowCreatedAt in Unix milliseconds`
  },
  {
    name: 'workflow-runs that is an empty array',
    inputs: { operation: 'resume-workflows', 'workflow-runs': '[]' },
    input: 'workflow-runs',
    says: 'is an empty JSON array: no run to resume (run the step only when failed-again-count is not 0)'
  },
  {
    name: 'workflow-runs with other selectors',
    inputs: {
      ...resume,
      'workflow-runs': '[{"workflowRunId":"wfr_1","workflowCreatedAt":1795000000000}]',
      'workflow-url': 'https://app.example.com/wf',
      cursor: 'c1'
    },
    input: 'workflow-runs',
    says: 'cannot be combined with workflow-url, cursor, all: the runs given are the whole selection',
    alone: true
  },
  {
    name: 'a dry run given a cursor',
    inputs: { ...resume, 'to-date': '2026-01-01', cursor: 'c1', 'dry-run': 'true' },
    input: 'cursor',
    says:
      'does not apply with dry-run: true: a plan lists the whole selection (the cursor of a resume continues no ' +
      'listing); run it without cursor',
    alone: true
  },
  {
    name: 'expect-count with workflow-runs',
    inputs: {
      operation: 'resume-workflows',
      'workflow-runs': '[{"workflowRunId":"wfr_1","workflowCreatedAt":1795000000000}]',
      'expect-count': '1'
    },
    input: 'expect-count',
    says: 'cannot be combined with workflow-runs: the runs given are already exact',
    alone: true
  },
  {
    name: 'expect-count with a cap, by dlq-ids',
    inputs: { operation: 'retry-messages', 'dlq-ids': 'dlq_1,dlq_2', 'expect-count': '2', 'max-entries': '1' },
    input: 'max-entries',
    says: 'cannot be combined with expect-count and dlq-ids: the count is of the ids given, taken whole',
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
  {
    name: 'stages of separators only',
    inputs: { ...resume, stages: ', ,' },
    input: 'stages',
    says: emptyList
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
  { name: 'a watch in upper case', inputs: { ...resume, watch: '10M' }, input: 'watch', says: upperCase },
  { name: 'a watch of 0s', inputs: { ...resume, watch: '0s' }, input: 'watch', says: watchAllowed },
  { name: 'a watch in ms', inputs: { ...resume, watch: '500ms' }, input: 'watch', says: watchAllowed },
  { name: 'a watch with no unit', inputs: { ...resume, watch: '90' }, input: 'watch', says: watchAllowed },
  {
    name: 'a negative watch-max-failed',
    inputs: { ...resume, 'watch-max-failed': '-1' },
    input: 'watch-max-failed',
    says: orMore(0)
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
  },
  // A single value on two lines would be sent as one value holding a line break (issue 23, item 1).
  {
    name: 'workflow-run-id on two lines',
    inputs: { ...list, source: 'workflow', 'workflow-run-id': 'wfr_1\nwfr_2' },
    input: 'workflow-run-id',
    says: oneLine
  },
  {
    name: 'a resume workflow-url on two lines',
    inputs: { ...resume, 'workflow-url': 'https://app.example/wf-a\nhttps://app.example/wf-b' },
    input: 'workflow-url',
    says: oneWorkflow
  },
  { name: 'cursor on two lines', inputs: { ...list, cursor: 'c1\nc2' }, input: 'cursor', says: oneLine },
  { name: 'a resume cursor on two lines', inputs: { ...resume, cursor: 'c1\r\nc2' }, input: 'cursor', says: oneLine },
  {
    name: 'issue-title on two lines',
    inputs: { ...list, 'issue-title': 'DLQ\nfailing' },
    input: 'issue-title',
    says: oneLine
  },
  {
    name: 'flow-control-key on two lines',
    inputs: { ...resume, 'flow-control-key': 'key-a\nkey-b' },
    input: 'flow-control-key',
    says: oneLine
  },
  {
    name: 'flow-control-value on two lines',
    inputs: { ...resume, 'flow-control-value': 'parallelism=5\nrate=10' },
    input: 'flow-control-value',
    says: oneLine
  },
  { name: 'to-date on two lines', inputs: { ...resume, 'to-date': '1d\u20282d' }, input: 'to-date', says: oneLine },
  {
    name: 'messages-file on two lines',
    inputs: { ...list, 'messages-file': 'a.ndjson\nb.ndjson' },
    input: 'messages-file',
    says: oneLine
  },
  {
    name: 'base-url on two lines',
    inputs: { ...list, 'base-url': 'https://service.example.com\n/prefix' },
    input: 'base-url',
    says: oneLine
  },
  // A list that holds no value is no selector (issue 23, item 4).
  { name: 'dlq-ids only a comma', inputs: { ...resume, 'dlq-ids': ',' }, input: 'dlq-ids', says: emptyList },
  {
    name: 'dlq-ids an empty JSON array',
    inputs: { operation: 'resume-workflows', 'dlq-ids': '[]' },
    input: 'dlq-ids',
    says: emptyList
  },
  {
    name: 'message-id an empty JSON array',
    inputs: { ...list, 'message-id': '[]' },
    input: 'message-id',
    says: emptyList
  },
  // Every dlq-ids value is checked as a dlq-ids-file line is, refused by its position (issue 23, item 3).
  {
    name: 'dlq-ids a bad id',
    inputs: { ...resume, 'dlq-ids': 'dlq_1\ndlq 2' },
    input: 'dlq-ids',
    says: `value 2 ("dlq 2") ${notDlqId}`
  },
  {
    name: 'dlq-ids a bad id in a JSON array',
    inputs: { operation: 'resume-workflows', 'dlq-ids': '["dlq_1","dlq_2","{dlq_3}"]' },
    input: 'dlq-ids',
    says: `value 3 ("{dlq_3}") ${notDlqId}`
  },
  {
    name: 'dlq-ids broken JSON',
    inputs: { ...resume, 'dlq-ids': '["dlq_1", "dlq_2"' },
    input: 'dlq-ids',
    says: 'starts with "[" but is not a JSON array of strings'
  },
  {
    name: 'schedule-id a bad id in a JSON array',
    inputs: { ...schedule, 'schedule-id': '["sched-1", ".."]' },
    input: 'schedule-id',
    says: 'value 2 ("..") is not a schedule id'
  },
  // Every list input reads a JSON array, or refuses a value that starts with "[", in every operation (issue 31, item 5).
  { name: 'url brackets, no JSON', inputs: { ...list, url: '[https://a.example/hook]' }, input: 'url', says: notJson },
  // A JSON string is read as its text; a quote that opens none, or a value in quotes, is never sent (issue 36, item 4).
  {
    name: 'url a quote that opens no JSON string',
    inputs: { ...list, url: '"https://a.example/hook' },
    input: 'url',
    says: notJsonString
  },
  {
    name: 'queue-name a value in quotes on a line',
    inputs: { ...list, 'queue-name': 'orders\n"refunds"' },
    input: 'queue-name',
    says: `value 2 ("\\"refunds\\"") starts with a double quote: it would be sent with its quotes; give the value without them`
  },
  {
    name: 'url a later line in brackets',
    inputs: { ...list, url: 'https://a.example/hook\n["https://b.example/hook"]' },
    input: 'url',
    says: `value 2 ("[\\"https://b.example/hook\\"]") ${bracket}`
  },
  {
    name: 'topic-name broken JSON',
    inputs: { ...list, 'topic-name': '["orders"' },
    input: 'topic-name',
    says: notJson
  },
  {
    name: 'queue-name brackets, no JSON',
    inputs: { ...list, 'queue-name': '[q1]' },
    input: 'queue-name',
    says: notJson
  },
  {
    name: 'caller-ip brackets, no JSON',
    inputs: { ...list, 'caller-ip': '[10.0.0.1]' },
    input: 'caller-ip',
    says: notJson
  },
  {
    name: 'api a number in a JSON array',
    inputs: { ...list, api: '["orders-v1", 2]' },
    input: 'api',
    says: 'value 2 of the JSON array must be a non-empty string (got 2)'
  },
  {
    name: 'message-id brackets, no JSON',
    inputs: { ...list, 'message-id': '[msg_1]' },
    input: 'message-id',
    says: notJson
  },
  {
    name: 'a list-dlq schedule-id in brackets, no JSON',
    inputs: { ...list, 'schedule-id': '[sched-1]' },
    input: 'schedule-id',
    says: notJson
  },
  {
    name: 'a resume-schedule schedule-id broken JSON',
    inputs: { ...schedule, 'schedule-id': '["sched-1"' },
    input: 'schedule-id',
    says: notJson
  },
  {
    name: 'a list-dlq workflow-url in brackets, no JSON',
    inputs: { ...list, source: 'workflow', 'workflow-url': '[https://app.example/wf]' },
    input: 'workflow-url',
    says: notJson
  },
  {
    name: 'a resume workflow-url JSON array of two',
    inputs: { ...resume, 'workflow-url': '["https://app.example/wf-a", "https://app.example/wf-b"]' },
    input: 'workflow-url',
    says: oneWorkflow
  },
  {
    name: 'a resume workflow-url in brackets, no JSON',
    inputs: { ...resume, 'workflow-url': '[https://app.example/wf-a]' },
    input: 'workflow-url',
    says: notJson
  },
  {
    name: 'dlq-ids a later line in brackets',
    inputs: { ...resume, 'dlq-ids': 'dlq_1\n[dlq_2]' },
    input: 'dlq-ids',
    says: `value 2 ("[dlq_2]") ${bracket}`
  },
  {
    name: 'stages broken JSON',
    inputs: { ...resume, stages: '["5", "all"', watch: '1m' },
    input: 'stages',
    says: notJson
  },
  {
    name: 'workflow-run-id a JSON array',
    inputs: { ...resume, 'workflow-run-id': '["wfr_1"]' },
    input: 'workflow-run-id',
    says: 'takes one value, not a JSON array: give it without brackets or quotes'
  },
  // An upper-case unit is a month in many tools (issue 23, item 13).
  {
    name: 'fail-if-oldest-older-than 1M',
    inputs: { ...list, 'fail-if-oldest-older-than': '1M' },
    input: 'fail-if-oldest-older-than',
    says: upperCase
  },
  {
    name: 'issue-repeat-interval 2H',
    inputs: { ...list, 'issue-repeat-interval': '2H' },
    input: 'issue-repeat-interval',
    says: upperCase
  },
  { name: 'from-date 30S ago', inputs: { ...resume, 'from-date': '30S' }, input: 'from-date', says: upperCase },
  // Issue 24: a base-url copied with the API's path, and a whole number without an upper bound said properly.
  {
    name: 'base-url with /v2/dlq',
    inputs: { ...list, 'base-url': 'https://service.example.com/v2/dlq' },
    input: 'base-url',
    says: `${serviceRoot}: give https://service.example.com`
  },
  {
    name: 'base-url ending in /v2',
    inputs: { ...resume, 'base-url': 'https://gw.example.com/dlq/v2' },
    input: 'base-url',
    says: `${serviceRoot}: give https://gw.example.com/dlq`
  },
  {
    name: 'negative fail-if-count-above',
    inputs: { ...list, 'fail-if-count-above': '-1' },
    input: 'fail-if-count-above',
    says: 'must be a whole number, 0 or more'
  },
  // Issue 30: arrivals, expiry, the metrics file and the people.
  {
    name: 'fail-if-new-above ten',
    inputs: { ...list, 'fail-if-new-above': 'ten' },
    input: 'fail-if-new-above',
    says: orMore(0)
  },
  { name: 'new-within 1H', inputs: { ...list, 'new-within': '1H' }, input: 'new-within', says: upperCase },
  { name: 'retention 7 days', inputs: { ...list, retention: '7 days' }, input: 'retention', says: watchAllowed },
  {
    name: 'fail-if-expiring-within without retention',
    inputs: { ...list, 'fail-if-expiring-within': '24h' },
    input: 'fail-if-expiring-within',
    says: "needs retention: set retention to your plan's DLQ retention",
    alone: true
  },
  {
    name: 'fail-if-expiring-within not shorter than retention',
    inputs: { ...list, retention: '3d', 'fail-if-expiring-within': '3d' },
    input: 'fail-if-expiring-within',
    says: 'must be shorter than retention',
    alone: true
  },
  // Issue 36: growth against history-file.
  {
    name: 'fail-if-growth-above without a window',
    inputs: { ...list, 'history-file': 'h.json', 'fail-if-growth-above': '+500' },
    input: 'fail-if-growth-above',
    says: `must be a growth: ${growthForms}`
  },
  {
    name: 'fail-if-growth-above a part of a message',
    inputs: { ...list, 'history-file': 'h.json', 'fail-if-growth-above': '12.5/1h' },
    input: 'fail-if-growth-above',
    says: `must count whole messages, or be a percentage: ${growthForms}`
  },
  {
    name: 'fail-if-growth-above an upper-case window',
    inputs: { ...list, 'history-file': 'h.json', 'fail-if-growth-above': '200%/1H' },
    input: 'fail-if-growth-above',
    says: upperCase
  },
  {
    name: 'fail-if-growth-above without history-file',
    inputs: { ...list, 'fail-if-growth-above': '+500/1h' },
    input: 'fail-if-growth-above',
    says: "needs history-file: the growth is measured against the earlier runs' figures",
    alone: true
  },
  {
    name: 'metrics-file a directory',
    inputs: { ...list, 'metrics-file': 'metrics/' },
    input: 'metrics-file',
    says: 'must be a file path, not a directory',
    // Alone: packed with the list-dlq cases, the summary's quote of the refusals was cut before it.
    alone: true
  },
  {
    name: 'issue-labels without issue-on-failure',
    inputs: { ...list, 'issue-labels': 'on-call' },
    input: 'issue-labels',
    says: 'applies only with issue-on-failure: true',
    alone: true
  },
  {
    name: 'issue-assignees with @',
    inputs: { ...list, 'issue-on-failure': 'true', 'fail-if-count-above': '1', 'issue-assignees': 'octocat, @hubot' },
    input: 'issue-assignees',
    says: 'value 2 ("@hubot") is not a GitHub login (such as octocat, without @)'
  },
  {
    name: 'older-than in upper case',
    inputs: { ...remove, 'older-than': '14D' },
    input: 'older-than',
    says: upperCase
  },
  { name: 'older-than of zero', inputs: { ...remove, 'older-than': '0d' }, input: 'older-than', says: watchAllowed },
  {
    name: 'older-than with to-date',
    inputs: { ...remove, 'older-than': '14d', 'to-date': '2026-01-01' },
    input: 'older-than',
    says: "cannot be combined with to-date: older-than sets the to-date (the service's time less the duration)",
    alone: true
  },
  {
    name: 'a delete given plan-file without dry-run',
    inputs: { ...remove, 'plan-file': 'plan.ndjson' },
    input: 'plan-file',
    says: 'applies with dry-run: true (the plan of what the delete would take)',
    alone: true
  },
  {
    name: 'a delete by a workflow selector without source workflow',
    inputs: { ...remove, 'workflow-run-id': 'wfr_1' },
    input: 'workflow-run-id',
    says: 'applies only with source workflow (the failed workflow runs)',
    alone: true
  },
  {
    name: 'a delete of failed runs by a message filter',
    inputs: { ...remove, source: 'workflow', url: 'https://a.example.com/hook' },
    input: 'url',
    says: 'does not apply with source workflow',
    alone: true
  },
  {
    name: 'a delete of the runs of two workflows',
    inputs: { ...remove, source: 'workflow', 'workflow-url': 'https://a.example/wf\nhttps://b.example/wf' },
    input: 'workflow-url',
    says: 'takes one value in delete-dlq (2 given): a delete selects the runs of one workflow URL'
  },
  {
    name: 'a delete by two message ids',
    inputs: { ...remove, 'message-id': 'msg_1\nmsg_2' },
    input: 'message-id',
    says: 'takes one value on retry-messages and delete-dlq (servers apply one message id only)'
  },
  {
    name: 'archive-file the file dlq-ids-file reads',
    inputs: { operation: 'delete-dlq', 'dlq-ids-file': 'ids.ndjson', 'archive-file': 'ids.ndjson' },
    input: 'archive-file',
    says: 'must not be the file dlq-ids-file reads: it would be overwritten by what it reads',
    alone: true
  },
  {
    name: 'archive-file a folder',
    inputs: { ...remove, 'archive-file': 'archives/' },
    input: 'archive-file',
    says: 'must be a file path, not a directory'
  }
]

/** The refusal line a case expects. */
export const refusal = (c: BadInput): string => `Input '${c.input}' ${c.says}`

/** The inputs a case sets besides the operation (and the `all: 'true'` every resume-workflows case starts from). */
function ownInputs(c: BadInput): string[] {
  return Object.keys(c.inputs).filter(name => name !== 'operation' && !(name === 'all' && c.inputs.all === 'true'))
}

/** What the summary of a refused run quotes of its refusals (src/report/refusal.ts cuts at 2,000), with a margin. */
const SUMMARY_ROOM = 1_800

/** About the length of a case's refusal line: its words and the value quoted back. */
const lineLength = (c: BadInput): number =>
  refusal(c).length + Math.max(0, ...ownInputs(c).map(name => c.inputs[name]?.length ?? 0)) + 12

/**
 * The cases packed into as few runs as can hold them: cases of one operation whose inputs and named input differ
 * share a run, as many as the summary quotes in full; a case marked `alone` runs alone.
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
    const fits = (run: BadInput[]): boolean =>
      run.reduce((sum, other) => sum + lineLength(other), lineLength(c)) <= SUMMARY_ROOM
    const room = c.alone ? undefined : runs.find(run => !run[0]?.alone && !taken(run) && fits(run))
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
