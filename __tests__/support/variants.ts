import {
  ALL_VARIANTS,
  EVERY_ROUTE_VARIANTS,
  ROUTE_VARIANTS,
  type Route,
  type ServerVariants,
  type VariantName
} from '../../sim/index.js'

/** Every server behaviour of wire-contract section 5, one at a time, then all at once. */
const SERVER_VARIANTS: [string, Partial<ServerVariants>][] = [
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
  ['no Date header', { noDateHeader: true }],
  ['no run log (both its paths 404)', { noRunLog: true }],
  ["the run log on the SDK's path only", { runLogEventsOnly: true }],
  ['the run log naming the creation time workflowCreatedAt', { runLogWorkflowCreatedAt: true }],
  ['every variant at once', ALL_VARIANTS]
]

/**
 * The servers a test about these routes runs against: the one that follows the contract, each variant the routes
 * read (sim's ROUTE_VARIANTS, held to the code by sim-variants.test.ts), and every variant at once. A variant no
 * route of the test reads cannot change what it sees.
 */
export function variantsFor(...routes: Route[]): [string, Partial<ServerVariants>][] {
  const read = new Set<VariantName>([...EVERY_ROUTE_VARIANTS, ...routes.flatMap(route => ROUTE_VARIANTS[route])])
  return SERVER_VARIANTS.filter(
    ([, variants]) =>
      variants === ALL_VARIANTS ||
      Object.keys(variants).length === 0 ||
      Object.keys(variants).some(name => read.has(name as VariantName))
  )
}

/** The two servers an end-to-end test of the bundle runs against: the variants one by one are the route tests'. */
export const BUNDLE_VARIANTS = SERVER_VARIANTS.filter(
  ([, variants]) => variants === ALL_VARIANTS || Object.keys(variants).length === 0
)
