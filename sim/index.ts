/** The simulator of the service, as the tests, the demo and the bench use it. */
export { startSimulator, type Simulator } from './server.js'
export type { MessageFate } from './message-fates.js'
export type { Unrestartable } from './routes/restart.js'
export type { Route } from './state.js'
export {
  ALL_VARIANTS,
  enteredAt,
  EVERY_ROUTE_VARIANTS,
  omitsCreatedAt,
  ROUTE_VARIANTS,
  type ServerVariants,
  type VariantName
} from './variants.js'
export {
  CREDENTIAL_VALUES_PER_MESSAGE,
  DESTINATION_CREDENTIALS,
  HOSTILE_BODY,
  HOSTILE_HEADER_VALUE,
  HOSTILE_RESPONSE_BODY,
  HOSTILE_URL,
  SEED_WINDOW_MS,
  seedMessages,
  seedWorkflowEntries,
  type SimMessage,
  type WorkflowDlqEntry
} from './seed.js'
