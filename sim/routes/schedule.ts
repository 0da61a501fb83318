/** POST (or PATCH) /v2/schedules/{id}/resume: makes a schedule active. */
import type { SimContext } from '../context.js'
import { HttpError, type SimResponse } from '../respond.js'

export function resumeSchedule(ctx: SimContext, id: string): SimResponse {
  const schedule = ctx.state.schedules.get(id)
  if (!schedule) throw new HttpError(404, `schedule ${id} not found`)
  schedule.active = true
  return { status: 200, headers: {}, body: '' }
}
