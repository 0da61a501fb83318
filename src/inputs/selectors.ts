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

/** resume-workflows' (and delete-dlq's) workflow-url: the list of a listing's filter, holding one URL. */
export function oneWorkflowUrl(
  text: string,
  operation: 'resume-workflows' | 'delete-dlq' = 'resume-workflows'
): string {
  const urls = readFilterList(text)
  if (urls.length > 1) {
    const why =
      operation === 'delete-dlq'
        ? "a delete selects the runs of one workflow URL; delete each workflow's in its own step"
        : 'the bulk resume filters by one workflow URL; resume each workflow in its own step'
    throw new Error(`takes one value in ${operation} (${urls.length} given): ${why}`)
  }
  return urls[0] as string
}
