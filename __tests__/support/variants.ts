import { ALL_VARIANTS, type ServerVariants } from '../../sim/index.js'

/** Every server behaviour of wire-contract section 5, one at a time, then all at once: what the e2e tests run against. */
export const SERVER_VARIANTS: [string, Partial<ServerVariants>][] = [
  ['a server that follows the contract', {}],
  ['order ignored', { ignoreOrder: true }],
  ['dates filtered on the DLQ entry time', { datesOnEntryTime: true }],
  ['createdAt missing on some messages', { omitCreatedAt: true }],
  ['date bounds one millisecond off', { dateBoundOffByOne: true }],
  ['date bounds one millisecond narrower (exclusive)', { dateBoundsExclusive: true }],
  ['commas read as separators', { commaSeparates: true }],
  ['one messageId applied', { oneMessageId: true }],
  ['every match resumed without count', { resumeAllWithoutCount: true }],
  ['resume count ignored', { ignoreResumeCount: true }],
  ['PATCH-only schedules', { patchOnlySchedules: true }],
  ['URLs over 8 KB refused', { maxUrlBytes: 8 * 1024 }],
  ['no run log (both its paths 404)', { noRunLog: true }],
  ["the run log on the SDK's path only", { runLogEventsOnly: true }],
  ['the run log naming the creation time workflowCreatedAt', { runLogWorkflowCreatedAt: true }],
  ['every variant at once', ALL_VARIANTS]
]
