/**
 * `npm run bench:cancel`: how long the BUNDLED action takes to exit after the runner's cancel, in a resume of
 * 2,000 runs whose 13th request hangs: SIGINT (then SIGTERM 7.5 s later, SIGKILL 2.5 s after, as the runner does)
 * and SIGTERM alone (docker stop). The signal is sent when the simulator sees the hanging request. Prints each
 * run and the slowest; exits 1 when a run is killed or exits 0, or the outputs miss runs the simulator resumed.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { startSimulator } from '../sim/index.js'
import { cancelAsRunner, runAction, type Cancel } from '../tools/harness.js'

const TOKEN = 'bench-token'
const RUNS = 2000
const REPEAT = 5

async function once(first: 'SIGINT' | 'SIGTERM'): Promise<{ ms: number; ok: boolean; resumed: string }> {
  const sim = await startSimulator({ token: TOKEN, workflowRuns: RUNS, seed: 3 })
  const dir = await mkdtemp(join(tmpdir(), 'dlq-bench-cancel-'))
  try {
    sim.inject({ route: 'resume', fault: { kind: 'hang' }, skip: 12 })
    let pid: number | undefined
    let cancel: Cancel | undefined
    let exitedAt = 0
    let seen = 0
    sim.onRequest = request => {
      if (request.route === 'resume' && ++seen === 13 && pid !== undefined) cancel = cancelAsRunner(pid, first)
    }
    const run = await runAction(
      { token: TOKEN, 'base-url': sim.url, operation: 'resume-workflows', all: 'true', 'runs-file': join(dir, 'r') },
      {},
      {
        watch: child => {
          pid = child
          return () => {
            exitedAt = performance.now()
            cancel?.stop()
          }
        }
      }
    )
    const resumed = run.outputs['resumed-count'] ?? '(none)'
    // Every run the simulator resumed is in the outputs or in the one possibly-resumed request (up to 50).
    const accounted =
      Number(resumed) <= sim.state.resumedRuns.length && sim.state.resumedRuns.length - Number(resumed) <= 50
    const ok = cancel !== undefined && run.signal === null && run.code === 1 && accounted
    return { ms: cancel ? exitedAt - cancel.sentAt : NaN, ok, resumed }
  } finally {
    await sim.close()
    await rm(dir, { recursive: true, force: true })
  }
}

let failed = false
for (const first of ['SIGINT', 'SIGTERM'] as const) {
  const times: number[] = []
  for (let i = 0; i < REPEAT; i++) {
    const { ms, ok, resumed } = await once(first)
    times.push(ms)
    failed ||= !ok
    console.log(`${first}: exit ${ms.toFixed(0)} ms after the signal, resumed-count ${resumed}${ok ? '' : ' FAILED'}`)
  }
  console.log(`${first}: slowest ${Math.max(...times).toFixed(0)} ms of ${REPEAT} runs`)
}
process.exit(failed ? 1 : 0)
