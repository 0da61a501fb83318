import { failureOf } from '../failure.js'
import type { ScheduleRequest } from '../requests.js'
import type { ScheduleOutcome, ScheduleResult } from '../results.js'

export interface ScheduleResumer {
  resumeSchedule(scheduleId: string): Promise<void>
}

/**
 * Resumes each schedule in turn; one failing does not stop the others, and each outcome is reported. A cancel stops
 * the loop: the schedule it cut is not confirmed, the rest are marked as never tried.
 */
export async function resumeSchedules(
  client: ScheduleResumer,
  request: ScheduleRequest,
  onOutcome: (outcome: ScheduleOutcome) => void = () => {}
): Promise<ScheduleResult> {
  const outcomes: ScheduleOutcome[] = []
  for (const scheduleId of request.scheduleIds) {
    let outcome: ScheduleOutcome
    try {
      await client.resumeSchedule(scheduleId)
      outcome = { scheduleId, ok: true }
    } catch (err) {
      outcome = { scheduleId, ok: false, failure: failureOf(err) }
    }
    outcomes.push(outcome)
    onOutcome(outcome)
    if (outcome.failure?.kind === 'cancelled') {
      const { failure } = outcome
      for (const rest of request.scheduleIds.slice(outcomes.length)) {
        outcomes.push({ scheduleId: rest, ok: false, failure, notTried: true })
      }
      return { operation: 'resume-schedule', outcomes, cancelled: failure.signal }
    }
  }
  return { operation: 'resume-schedule', outcomes }
}
