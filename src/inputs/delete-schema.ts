/**
 * delete-dlq's schema over the raw text of its inputs: the failed messages by default, the failed workflow runs with
 * source workflow, each by its DLQ's selectors; older-than, the archive and the guards. Its transform yields the
 * settings the delete runs on (operations/delete-dlq).
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import { Inputs } from '../constants.js'
import type { ResumeRequest } from '../requests.js'
import { MESSAGE_SELECTORS, messageSelectors } from './bulk-schema.js'
import {
  common,
  commonShape,
  dateOrder,
  either,
  maxPages,
  RUN_SELECTORS,
  runSelectors,
  sourceRule
} from './common-fields.js'
import { boolean, date, filePath, integer, optional, refuse, valuesOf, withDefault } from './fields.js'
import { longestOf, queryFits } from './query-fits.js'
import { readDuration, readList, readOne } from './readers.js'
import { oneWorkflowUrl } from './selectors.js'
import { dlqIdProblem } from './values.js'

function deleteShape(now: number, workspace: string) {
  return {
    ...commonShape,
    [Inputs.Source]: withDefault(Inputs.Source, either('message', 'workflow')),
    [Inputs.DlqIds]: optional(s => readList(s, { commas: true, problem: dlqIdProblem })),
    [Inputs.DlqIdsFile]: filePath(workspace),
    // As written, for the summary; a duration before the service's time, which only the first answer tells.
    [Inputs.OlderThan]: optional(s => ({ ms: readDuration(s), text: readOne(s) })),
    [Inputs.FromDate]: date(now),
    [Inputs.ToDate]: date(now),
    ...messageSelectors,
    ...runSelectors,
    [Inputs.WorkflowUrl]: optional(s => oneWorkflowUrl(s, 'delete-dlq')),
    [Inputs.All]: boolean(Inputs.All),
    [Inputs.MaxEntries]: integer(1, Number.MAX_SAFE_INTEGER),
    [Inputs.MaxPages]: maxPages,
    [Inputs.DryRun]: boolean(Inputs.DryRun),
    [Inputs.PlanFile]: filePath(workspace),
    [Inputs.ExpectCount]: integer(0, Number.MAX_SAFE_INTEGER),
    [Inputs.ArchiveFile]: filePath(workspace)
  }
}

type DeleteValues = z.output<z.ZodObject<ReturnType<typeof deleteShape>>>

/** The selection as the service names it: the selectors of the DLQ chosen by source (the others are refused). */
function selectionOf(v: DeleteValues) {
  const workflow = v[Inputs.Source] === 'workflow'
  return {
    ...valuesOf(v, [Inputs.DlqIds, Inputs.FromDate, Inputs.ToDate]),
    ...(workflow ? valuesOf(v, RUN_SELECTORS) : valuesOf(v, MESSAGE_SELECTORS))
  }
}

function deleteRules(v: DeleteValues, ctx: z.RefinementCtx): void {
  dateOrder(v, ctx)
  sourceRule(v, ctx, MESSAGE_SELECTORS, 'selected')
  const selection = selectionOf(v)
  queryFits(ctx, { ...selection, dlqIds: longestOf(selection.dlqIds), count: 100 }, undefined)
  if (v[Inputs.DlqIds] !== undefined && v[Inputs.DlqIdsFile] !== undefined) {
    refuse(ctx, Inputs.DlqIdsFile, 'cannot be combined with dlq-ids: give the ids in one of the two')
  }
  if (v[Inputs.OlderThan] !== undefined && v[Inputs.ToDate] !== undefined) {
    refuse(
      ctx,
      Inputs.OlderThan,
      "cannot be combined with to-date: older-than sets the to-date (the service's time less the duration); give one"
    )
  }
  if (v[Inputs.PlanFile] !== undefined && !v[Inputs.DryRun]) {
    refuse(
      ctx,
      Inputs.PlanFile,
      'applies with dry-run: true (the plan of what the delete would take); a delete lists what it deletes into ' +
        'archive-file'
    )
  }
  for (const name of [Inputs.PlanFile, Inputs.ArchiveFile] as const) {
    if (v[name] !== undefined && v[name] === v[Inputs.DlqIdsFile]) {
      refuse(ctx, name, 'must not be the file dlq-ids-file reads: it would be overwritten by what it reads')
    }
  }
}

/** Where the archive goes when archive-file is not set: the runner's temporary folder, which is emptied after the job. */
function defaultArchiveFile(now: number): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-')
  return join(process.env.RUNNER_TEMP || tmpdir(), 'dlq-archive', `delete-dlq-${stamp}.ndjson`)
}

export function deleteSchema(now: number, workspace: string) {
  return z
    .object(deleteShape(now, workspace))
    .superRefine(deleteRules)
    .transform(v => {
      const maxRuns = v[Inputs.MaxEntries]
      const resume: ResumeRequest = {
        verb: 'delete-dlq',
        ...(v[Inputs.Source] === 'workflow' ? { source: 'workflow' as const } : {}),
        selection: selectionOf(v),
        all: v[Inputs.All],
        overrides: {},
        maxPages: v[Inputs.MaxPages],
        ...(maxRuns !== undefined ? { maxRuns } : {})
      }
      return {
        operation: 'delete-dlq' as const,
        ...common(v),
        resume,
        dryRun: v[Inputs.DryRun],
        ...valuesOf(v, [Inputs.ExpectCount, Inputs.OlderThan, Inputs.PlanFile, Inputs.DlqIdsFile]),
        // A file there that holds data is refused before any request, never overwritten (inputs/output-files).
        archiveFile: v[Inputs.ArchiveFile] ?? defaultArchiveFile(now)
      }
    })
}
