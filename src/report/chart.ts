/** The chart of messages over time (Mermaid): every label and number is made here, so nothing needs escaping. */
import { DAY, HOUR, WEEK } from '../constants.js'
import type { Histogram, ListFindings } from '../results.js'
import { isDateMs } from '../format.js'
import { formatCount, plural } from '../format.js'
import { listingComplete } from './list-verdict.js'

export const MAX_BARS = 24
/** Width of the plot GitHub draws in a 1,200-pixel window, and what a label takes of it: a character and a gap. */
export const PLOT_WIDTH_PX = 620
export const LABEL_CHAR_PX = 7
export const LABEL_GAP_PX = 12

/** Bars whose labels, `chars` long, fit side by side without touching. */
function barsThatFit(chars: number): number {
  return Math.min(MAX_BARS, Math.floor(PLOT_WIDTH_PX / (chars * LABEL_CHAR_PX + LABEL_GAP_PX)))
}

/** Bar widths to choose from, smallest first, for each bucket the listing counted in. */
const WIDTHS: Record<Histogram['bucket'], number[]> = {
  hour: [1, 2, 3, 4, 6, 8, 12, 24].map(h => h * HOUR),
  day: [1, 2, 7, 14, 28].map(d => d * DAY),
  week: [1, 2, 4, 8, 13, 26, 52, 104, 260, 520].map(w => w * WEEK)
}

/** `partial`: the bucket holding `now`, still filling. */
type Bar = { start: number; count: number; partial: boolean }

/** The bars of the narrowest width whose labels fit side by side, empty ones included. */
function bars(histogram: Histogram, now: number): { width: number; bars: Bar[] } {
  const points = histogram.points.filter(p => isDateMs(p.start) && Number.isFinite(p.count))
  let chosen = { width: HOUR, bars: [] as Bar[] }
  for (const width of WIDTHS[histogram.bucket]) {
    const counts = new Map<number, number>()
    for (const p of points) {
      const at = Math.floor(p.start / width) * width
      counts.set(at, (counts.get(at) ?? 0) + p.count)
    }
    const keys = [...counts.keys()].sort((a, b) => a - b)
    const [first = 0] = keys
    const span = Math.round(((keys.at(-1) ?? 0) - first) / width) + 1
    const starts = span <= MAX_BARS ? Array.from({ length: span }, (_, i) => first + i * width) : keys
    const list = starts.map(start => ({
      start,
      count: counts.get(start) ?? 0,
      partial: start <= now && now < start + width
    }))
    chosen = { width, bars: list }
    // As many bars as their labels leave room for: the current bar's " now" may run past its neighbours' gap.
    const longest = Math.max(0, ...labels(list, width).map(text => text.replace(/ now$/, '').length))
    if (list.length <= barsThatFit(longest)) return chosen
  }
  // Only a range of decades gets here: keep the newest bars.
  return { width: chosen.width, bars: chosen.bars.slice(-barsThatFit(10)) }
}

/** A ceiling of 10 or more on 1, 2 or 5 times a power of ten, so that every tick is a whole number. */
function yMax(max: number): number {
  if (max <= 10) return 10
  const power = 10 ** Math.floor(Math.log10(max))
  return [1, 2, 5].map(step => step * power).find(top => top >= max) ?? 10 * power
}

/** `hour`, `2 days`: the width of a bar. */
function widthText(width: number): string {
  const [unit, name] = width < DAY ? [HOUR, 'hour'] : width < WEEK ? [DAY, 'day'] : [WEEK, 'week']
  return width === unit ? name : `${width / unit} ${name}s`
}

/** Short labels: the hour (with the date where the day changes) or the date; the current bucket marked "now". */
function labels(list: readonly Bar[], width: number): string[] {
  const multiYear = new Set(list.map(bar => new Date(bar.start).getUTCFullYear())).size > 1
  const iso = (bar: Bar | undefined): string => (bar === undefined ? '' : new Date(bar.start).toISOString())
  const day = (bar: Bar | undefined): string => iso(bar).slice(multiYear ? 0 : 5, 10)
  const compact = (full: boolean): string[] =>
    list.map((bar, i) => {
      const hour = `${iso(bar).slice(11, 13)}h`
      const text = width >= DAY ? day(bar) : full || day(bar) !== day(list[i - 1]) ? `${day(bar)} ${hour}` : hour
      return bar.partial ? `${text} now` : text
    })
  // Mermaid draws bars that share a label in one place, one over the other: every label must differ. The hour alone
  // repeats once the chart spans two days, so then every bar names its day.
  const short = compact(false)
  return new Set(short).size === short.length ? short : compact(true)
}

/** The chart section: none for a failed listing (its counts are partial in unknown ways), partial if stopped early. */
export function chartLines(result: ListFindings, now: number): string[] {
  const histogram = result.histogram
  const omitted = histogram.omitted
    ? [
        `${plural(histogram.omitted, 'message is', 'messages are')} left out of the chart: their creation times ` +
          'spread over more weeks than it holds.',
        ''
      ]
    : []
  const { width, bars: list } = bars(histogram, now)
  if (list.length < 2) return omitted
  if (result.failure !== undefined) {
    const how = result.failure.kind === 'cancelled' ? 'was cancelled' : 'failed part way'
    return [`*No chart of messages over time: the listing ${how}, so its counts per bucket are partial.*`, '']
  }
  const per = widthText(width)
  const partialListing = !listingComplete(result)
  const title = partialListing
    ? `First ${formatCount(result.count)} messages listed, per ${per}`
    : `DLQ messages per ${per}`
  const notes: string[] = []
  if (list.some(b => b.partial)) notes.push(`the bar marked "now" is the current ${per}, still filling`)
  if (partialListing) notes.push('the listing stopped early, so every bar may be low')
  return [
    `#### Messages per ${per} (UTC)${partialListing ? ', partial' : ''}`,
    '',
    '```mermaid',
    'xychart-beta',
    `  title "${title}"`,
    `  x-axis [${labels(list, width)
      .map(l => `"${l}"`)
      .join(', ')}]`,
    `  y-axis "Messages" 0 --> ${yMax(Math.max(...list.map(b => b.count)))}`,
    `  bar [${list.map(b => b.count).join(', ')}]`,
    '```',
    '',
    ...(notes.length > 0 ? [`*${notes.join('; ')}.*`.replace(/^\*t/, '*T'), ''] : []),
    ...omitted
  ]
}
