/** The filters a listing was asked for, as the summary's "what was asked" shows them. */
import type { ListFilters } from '../requests.js'
import { formatMs } from './format.js'
import { code, valueList, type RowLimit } from './markdown.js'

const LIST_FILTER_LABELS: ReadonlyArray<[keyof ListFilters, string]> = [
  ['messageId', 'Message id (`message-id`)'],
  ['url', 'Destination URL (`url`)'],
  ['topicName', 'URL group (`topic-name`)'],
  ['scheduleId', 'Schedule id (`schedule-id`)'],
  ['queueName', 'Queue (`queue-name`)'],
  ['api', 'API name (`api`)'],
  ['fromDate', 'Created at or after (`from-date`)'],
  ['toDate', 'Created at or before (`to-date`)'],
  ['responseStatus', 'Last response status (`response-status`)'],
  ['callerIp', 'Publisher IP (`caller-ip`)'],
  ['source', 'Source (`source`)'],
  ['workflowUrl', 'Workflow URL (`workflow-url`)'],
  ['workflowRunId', 'Workflow run id or id prefix (`workflow-run-id`)'],
  ['workflowCreatedAt', 'Workflow created at (`workflow-created-at`)']
]

export function filterLines(filters: ListFilters, limit: RowLimit): string[] {
  const lines: string[] = []
  for (const [key, label] of LIST_FILTER_LABELS) {
    const value = filters[key]
    if (value === undefined) continue
    if (Array.isArray(value)) {
      if (value.length === 0) continue
      lines.push(`  - ${label}: ${valueList(value.map(String), limit)}`)
    } else if (typeof value === 'number' && (key === 'fromDate' || key === 'toDate' || key === 'workflowCreatedAt')) {
      lines.push(`  - ${label}: ${formatMs(value)}`)
    } else {
      lines.push(`  - ${label}: ${code(String(value))}`)
    }
  }
  return lines
}
