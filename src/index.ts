import { setFlagsFromString } from 'node:v8'
import { StopController } from './stop.js'

// The runner cancels with SIGINT, then SIGTERM; both become one stop that the run honours and reports. Caught
// before the rest of the action loads (below), so a cancel that lands as the step starts still ends in a report.
const stop = new StopController()
stop.onExit = () => process.exit(process.exitCode || 1)
process.on('SIGINT', () => stop.receive('SIGINT'))
process.on('SIGTERM', () => stop.receive('SIGTERM'))

const [core, { run }] = await Promise.all([import('@actions/core'), import('./main.js')])

// Spares ~200 ms at exit waiting for V8 to optimise undici's WebAssembly parser, compiled at the first connection.
// Set after the imports: set before, it makes Node compile each built-in they load from source (~45 ms).
setFlagsFromString('--liftoff-only')
try {
  await run(stop)
} catch (err) {
  // run() reports its own failures, even unexpected ones, through the output boundary. Should the boundary itself
  // fail, no third-party text is trusted here: a fixed line, the details in the debug log only.
  core.debug(String((err as Error).stack ?? err).replace(/[\r\n\u0085\u2028\u2029]+/g, ' | '))
  core.setFailed('Unexpected error before the output boundary could report it; re-run with debug logging to see it.')
} finally {
  stop.dispose()
}
