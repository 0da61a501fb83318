import * as core from '@actions/core'
import { run } from './main.js'

try {
  await run()
} catch (err) {
  // Expected failures are reported by run(); this is a bug, so keep the stack for the debug log.
  core.debug((err as Error).stack ?? String(err))
  core.setFailed(`Unexpected error: ${(err as Error).message}`)
}
