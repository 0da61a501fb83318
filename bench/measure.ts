/** What the bench measures of a child process besides its wall time: peak RSS and CPU time, read from /proc. */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const RSS_POLL_MS = 10

/** Clock ticks per second of /proc/<pid>/stat times. */
const CLK_TCK = (() => {
  try {
    const n = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim())
    return Number.isFinite(n) && n > 0 ? n : 100
  } catch {
    return 100
  }
})()

/** utime + stime of a process, seconds. */
function readCpuSeconds(pid: number): number | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ') // fields[0] is field 3 (state)
    const ticks = Number(fields[11]) + Number(fields[12])
    return Number.isFinite(ticks) ? ticks / CLK_TCK : undefined
  } catch {
    return undefined
  }
}

function readHwmKb(pid: number): number | undefined {
  try {
    const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) : undefined
  } catch {
    return undefined // gone already
  }
}

export interface Usage {
  /** highest VmHWM seen while it ran, kB (0 when never read) */
  peakRssKb: number
  rssSamples: number
  /** user + system CPU time of the child at the last sample, s */
  cpuSeconds: number
}

/** A usage record and the harness `watch` hook that fills it, polling every 10 ms until the child exits. */
export function usageWatcher(): { usage: Usage; watch: (pid: number) => () => void } {
  const usage: Usage = { peakRssKb: 0, rssSamples: 0, cpuSeconds: 0 }
  const watch = (pid: number): (() => void) => {
    const poll = (): void => {
      const kb = readHwmKb(pid)
      if (kb !== undefined) {
        usage.rssSamples++
        if (kb > usage.peakRssKb) usage.peakRssKb = kb
      }
      const cpu = readCpuSeconds(pid)
      if (cpu !== undefined && cpu > usage.cpuSeconds) usage.cpuSeconds = cpu
    }
    const poller = setInterval(poll, RSS_POLL_MS)
    poll()
    return () => clearInterval(poller)
  }
  return { usage, watch }
}
