import * as core from '@actions/core'
import { setFlagsFromString } from 'node:v8'
import { run } from './main.js'

// A short-lived process: V8's optimising tier-up of undici's HTTP parser (WebAssembly) runs on background
// threads that the process waits for at exit, ~200 ms for nothing. Its baseline code parses our answers fast.
setFlagsFromString('--liftoff-only')

try {
  await run()
} catch (err) {
  // Expected failures are reported by run(); this is a bug, so keep the stack for the debug log.
  core.debug((err as Error).stack ?? String(err))
  core.setFailed(`Unexpected error: ${(err as Error).message}`)
}
