import { failureOf } from '../failure.js'
import type { ServiceClient } from '../service/client.js'
import type { ScheduleRequest } from '../requests.js'
import type { ScheduleOutcome, ScheduleResult } from '../results.js'

/** Resumes each schedule in turn, whatever the others did; a cancel stops it, the rest marked as never tried. */
export async function resumeSchedules(
  client: Pick<ServiceClient, 'resumeSchedule'>,
  request: ScheduleRequest,
  onOutcome: (outcome: ScheduleOutcome) => void = () => {}
): Promise<ScheduleResult> {
  const outcomes: ScheduleOutcome[] = []
  for (const scheduleId of request.scheduleIds) {
    const outcome = await client.resumeSchedule(scheduleId).then(
      (): ScheduleOutcome => ({ scheduleId, ok: true }),
      (err: unknown): ScheduleOutcome => ({ scheduleId, ok: false, failure: failureOf(err) })
    )
    outcomes.push(outcome)
    onOutcome(outcome)
    const { failure } = outcome
    if (failure?.kind === 'cancelled') {
      const rest = request.scheduleIds.slice(outcomes.length)
      outcomes.push(...rest.map((id): ScheduleOutcome => ({ scheduleId: id, ok: false, failure, notTried: true })))
      return { operation: 'resume-schedule', outcomes, cancelled: failure.signal }
    }
  }
  return { operation: 'resume-schedule', outcomes }
}
