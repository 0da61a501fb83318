/** Why messages failed: each message's cause (destination, last status, response body blanked), counted in bounded memory. */
import { createHash } from 'node:crypto'
import { CAUSES_CAPACITY } from '../constants.js'
import type { DlqMessage } from '../service/schemas.js'
import type { CauseRow } from '../results.js'
import { blankBody } from './body-blanking.js'
import { boundedKey, Tally } from './tally.js'

/** What makes two messages fail for the same reason: their destination, last status and blanked last body. */
export interface Cause {
  destination: string
  status?: number
  text: string
}

/** The text of a message's cause: its last response body blanked, or what stands in for one. */
function causeText(message: DlqMessage): string {
  const body = message.responseBody
  if (body !== undefined) return blankBody(body) || '(empty body)'
  return message.responseBodyBase64 !== undefined ? '(binary body)' : '(no response body)'
}

/** A message's cause: its destination (or workflow URL), its last status, its last response body blanked. */
export function causeOf(message: DlqMessage): Cause {
  // Built field by field, not spread: a listing asks this of every message.
  const cause: Cause = {
    destination: boundedKey(message.url ?? message.workflowUrl ?? '(none)'),
    text: causeText(message)
  }
  if (message.responseStatus !== undefined) cause.status = message.responseStatus
  return cause
}

/** A cause's key: a short hash of its three parts, the same run after run. */
export function causeKey({ destination, status, text }: Cause): string {
  return createHash('sha256')
    .update(JSON.stringify([destination, status ?? null, text]))
    .digest('hex')
    .slice(0, 16)
}

/** What a cause is counted under: its bounded parts, never cut, the destination last (only it can hold a line break). */
const identity = ({ destination, status, text }: Cause): string => `${status ?? ''}\n${text}\n${destination}`

type CauseFigure = Omit<CauseRow, 'count' | 'key'> & { key?: string }

/** The causes' figures beside their counts, dropped with them, so memory stays bounded. */
export class CauseFigures {
  private readonly tally = new Tally<CauseFigure>(CAUSES_CAPACITY, Number.POSITIVE_INFINITY)

  /**
   * Counts the message under its cause; with `withKey`, returns the cause's key (for its line of messages-file). `at`:
   * its createdAt when that can be true (the listing judges it): first and last seen are never a time that cannot be.
   */
  add(message: DlqMessage, at: number | undefined, withKey: true): string
  add(message: DlqMessage, at: number | undefined, withKey?: boolean): string | undefined
  add(message: DlqMessage, at: number | undefined, withKey = false): string | undefined {
    const cause = causeOf(message)
    const kept = this.tally.add(identity(cause))
    let figure = kept?.figures
    if (kept !== undefined && figure === undefined) {
      // A literal: spreads cost 5 µs a message where every cause is new.
      const sampleMessageId = boundedKey(message.messageId)
      figure = kept.figures = { destination: cause.destination, text: cause.text, sampleMessageId }
      if (cause.status !== undefined) figure.status = cause.status
      if (at !== undefined) figure.firstSeen = figure.lastSeen = at
    } else if (figure !== undefined && at !== undefined) {
      figure.firstSeen = Math.min(figure.firstSeen ?? at, at)
      figure.lastSeen = Math.max(figure.lastSeen ?? at, at)
    }
    if (!withKey) return undefined
    return figure === undefined ? causeKey(cause) : (figure.key ??= causeKey(figure))
  }

  /** How far below its true count any cause's count may be (0: exact). */
  get undercount(): number {
    return this.tally.undercount
  }

  /** The leading causes, most messages first. */
  rows(limit: number): CauseRow[] {
    return this.tally
      .entries()
      .slice(0, limit)
      .flatMap(({ count, figures }) =>
        figures === undefined ? [] : [{ ...figures, key: figures.key ?? causeKey(figures), count }]
      )
  }
}
