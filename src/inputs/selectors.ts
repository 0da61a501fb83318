/** Inputs that select what an operation acts on and that several operations take: each read alike in all of them. */
import { scheduleIdProblem } from '../requests.js'
import { readFilterList, readList } from './readers.js'

/** Schedule ids, of resume-schedule and of list-dlq's filter alike: lines, commas or a JSON array. */
export function readScheduleIds(text: string): string[] {
  const problem = (id: string) =>
    id.includes(',')
      ? 'holds a comma, which separates schedule ids'
      : scheduleIdProblem(id) === undefined
        ? undefined
        : 'is not a schedule id: "." and ".." would name another path'
  return readList(text, { commas: true, problem })
}

/** workflow-url of a write on failed runs (resume, restart, delete): the list of a listing's filter, holding one URL. */
export function oneWorkflowUrl(text: string, operation: 'delete-dlq' | undefined = undefined): string {
  const urls = readFilterList(text)
  if (urls.length > 1) {
    throw new Error(
      operation === 'delete-dlq'
        ? `takes one value in delete-dlq (${urls.length} given): a delete selects the runs of one workflow URL; ` +
            "delete each workflow's in its own step"
        : `takes one value in a write on failed runs (${urls.length} given): the service's bulk writes filter by ` +
            'one workflow URL; take each workflow in its own step'
    )
  }
  return urls[0] as string
}
