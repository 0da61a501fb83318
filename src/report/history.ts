/** The DLQ's size over the samples history-file keeps, as the summary and the health issue show it. */
import { formatAge, formatCount, plural } from '../format.js'
import type { ListResult } from '../results.js'
import { code } from './markdown.js'

/** Eight heights, lowest first: a sparkline's characters. */
const BLOCKS = '▁▂▃▄▅▆▇█'
/** Characters of the sparkline at most: a longer history is drawn a bucket of samples a character, each its highest. */
const SPARK_WIDTH = 60

/** Counts as a sparkline of at most SPARK_WIDTH characters, scaled from the lowest to the highest. */
function sparkline(counts: readonly number[]): string {
  const per = Math.max(1, Math.ceil(counts.length / SPARK_WIDTH))
  const points: number[] = []
  for (let i = 0; i < counts.length; i += per) points.push(Math.max(...counts.slice(i, i + per)))
  const [low, high] = [Math.min(...points), Math.max(...points)]
  const step = (high - low) / (BLOCKS.length - 1)
  return points.map(n => BLOCKS[step === 0 ? 0 : Math.round((n - low) / step)]).join('')
}

/**
 * One line on the history, when history-file is set: the sparkline of the count over the kept samples with its
 * minimum, maximum and span; and, once, that there was no history before this run, and why.
 */
export function historyLine(result: ListResult): string | undefined {
  const { history } = result
  if (history === undefined) return undefined
  const none =
    history.none === undefined
      ? ''
      : ` No earlier figures (\`history-file\`: ${history.none}): they start with this run.`
  const samples = history.samples
  if (samples.length < 2) {
    return `**History:** ${plural(samples.length, 'run', 'runs')} kept so far.${none}`
  }
  const counts = samples.map(s => s.count)
  const [first, last] = [samples[0], samples.at(-1)] as [(typeof samples)[0], (typeof samples)[0]]
  const partial = samples.filter(s => s.complete === 0).length
  const lower = partial === 0 ? '' : ` (${plural(partial, 'count is a lower bound', 'counts are lower bounds')})`
  return (
    `**DLQ size over the last ${formatCount(samples.length)} runs (${formatAge(last.at - first.at)}):** ` +
    `${code(sparkline(counts))} min ${formatCount(Math.min(...counts))} · max ${formatCount(Math.max(...counts))} · ` +
    `now ${formatCount(last.count)}${lower}.${none}`
  )
}
