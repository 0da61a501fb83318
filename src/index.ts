import * as core from '@actions/core'
import { setFlagsFromString } from 'node:v8'
import { run } from './main.js'
import { neutraliseAnnotation } from './report/escape.js'

// A short-lived process: V8's optimising tier-up of undici's HTTP parser (WebAssembly) runs on background
// threads that the process waits for at exit, ~200 ms for nothing. Its baseline code parses our answers fast.
setFlagsFromString('--liftoff-only')

try {
  await run()
} catch (err) {
  // run() reports its own failures, even unexpected ones; this is the last resort, one safe line.
  core.debug((err as Error).stack ?? String(err))
  core.setFailed(neutraliseAnnotation(`Unexpected error: ${(err as Error).message}`))
}
