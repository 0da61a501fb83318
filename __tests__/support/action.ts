/** The runner-like harness lives in src/sandbox/run-action.ts (the demo uses it too); the tests import it from here. */
export {
  ACTION,
  commandData,
  parseOutputFile,
  runAction,
  type ActionRun,
  type RunActionOptions
} from '../../src/sandbox/run-action.js'
