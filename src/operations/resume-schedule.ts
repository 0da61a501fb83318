import { failureOf } from '../failure.js'
import type { ScheduleRequest } from '../requests.js'
import type { ScheduleOutcome, ScheduleResult } from '../results.js'

export interface ScheduleResumer {
  resumeSchedule(scheduleId: string): Promise<void>
}

/** Resumes each schedule in turn; one failing does not stop the others, and each outcome is reported. */
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
  }
  return { operation: 'resume-schedule', outcomes }
}
