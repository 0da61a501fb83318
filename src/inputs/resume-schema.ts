/** The schema of resume-workflows over the raw text of its inputs, whose transform yields its settings. */
import { z } from 'zod'
import { Inputs, RESUME_PAGE_SIZE } from '../constants.js'
import type { ResumeRequest } from '../requests.js'
import { common, commonShape, dateOrder, maxPages, RUN_SELECTORS, runSelectors } from './common-fields.js'
import { boolean, date, defaultInteger, filePath, integer, optional, refuse, text, valuesOf } from './fields.js'
import { longestOf, queryFits } from './query-fits.js'
import { readList, readOne } from './readers.js'
import { parseRunPairs } from './run-pairs.js'
import { oneWorkflowUrl } from './selectors.js'
import { parseMinCompleted, parseStages, parseWatch, stagePlan, stagingProblems } from './staging.js'
import { dlqIdProblem, parseFlowControlValue, parseHeaderText } from './values.js'

/** The inputs that narrow a resume-workflows run: without one, only `all: true` resumes (every failed run). */
export const RESUME_SELECTORS = [
  Inputs.DlqIds,
  Inputs.DlqIdsFile,
  Inputs.WorkflowRuns,
  Inputs.FromDate,
  Inputs.ToDate,
  ...RUN_SELECTORS
]

function resumeShape(now: number, workspace: string) {
  return {
    ...commonShape,
    // list-dlq's dlq-ids output is a JSON array; an id never holds a comma, a quote or a bracket (dlqIdProblem).
    [Inputs.DlqIds]: optional(s => readList(s, { commas: true, problem: dlqIdProblem })),
    [Inputs.DlqIdsFile]: filePath(workspace),
    [Inputs.WorkflowRuns]: optional(parseRunPairs),
    [Inputs.MaxRuns]: integer(1, Number.MAX_SAFE_INTEGER),
    [Inputs.FromDate]: date(now),
    [Inputs.ToDate]: date(now),
    ...runSelectors,
    // Read as a listing reads it, but the bulk resume takes one workflow-url, not a repeated key.
    [Inputs.WorkflowUrl]: optional(oneWorkflowUrl),
    [Inputs.All]: boolean(Inputs.All),
    [Inputs.FlowControlKey]: optional(s => parseHeaderText(readOne(s))),
    [Inputs.FlowControlValue]: optional(s => parseFlowControlValue(readOne(s))),
    [Inputs.Retries]: integer(0, 1_000_000),
    [Inputs.Cursor]: text,
    [Inputs.MaxPages]: maxPages,
    [Inputs.RunsFile]: filePath(workspace),
    [Inputs.Stages]: optional(parseStages),
    [Inputs.Watch]: optional(parseWatch),
    [Inputs.WatchMaxFailed]: defaultInteger(Inputs.WatchMaxFailed, 0, Number.MAX_SAFE_INTEGER),
    [Inputs.WatchRetries]: integer(0, 1_000_000),
    [Inputs.WatchMinCompleted]: optional(parseMinCompleted)
  }
}

type ResumeValues = z.output<z.ZodObject<ReturnType<typeof resumeShape>>>

const selectionOf = (v: ResumeValues) => valuesOf(v, [Inputs.DlqIds, Inputs.FromDate, Inputs.ToDate, ...RUN_SELECTORS])

function resumeRules(v: ResumeValues, ctx: z.RefinementCtx): void {
  dateOrder(v, ctx)
  const selection = selectionOf(v)
  // dlq-ids are split over as many requests as needed, but each carries one at least.
  queryFits(ctx, { ...selection, dlqIds: longestOf(selection.dlqIds), count: RESUME_PAGE_SIZE }, v[Inputs.Cursor])
  if (v[Inputs.DlqIds] !== undefined && v[Inputs.DlqIdsFile] !== undefined) {
    refuse(ctx, Inputs.DlqIdsFile, 'cannot be combined with dlq-ids: give the ids in one of the two')
  }
  const byIds = v[Inputs.DlqIds] !== undefined || v[Inputs.DlqIdsFile] !== undefined
  if (
    v[Inputs.Cursor] !== undefined &&
    !byIds &&
    v[Inputs.WorkflowRuns] === undefined &&
    v[Inputs.ToDate] === undefined
  ) {
    // The cursor continues selectors bounded by a to-date: sent without it, the rest would take the runs resumed.
    refuse(
      ctx,
      Inputs.ToDate,
      'is required with cursor in a resume by filters: set it to the output next-to-date of the step that gave the ' +
        'cursor (and from-date to next-from-date when that is not empty), the bound every request of that resume ' +
        'sent; without it the continuation could take the runs that resume created, back in the DLQ'
    )
  }
  if (v[Inputs.WorkflowRuns] !== undefined) {
    // The runs are the whole selection: each is found by its pair, then resumed by the dlqId found.
    const others = [...RESUME_SELECTORS.filter(name => name !== Inputs.WorkflowRuns), Inputs.Cursor].filter(
      name => v[name as keyof ResumeValues] !== undefined
    )
    if (v[Inputs.All]) others.push(Inputs.All)
    if (others.length > 0) {
      refuse(
        ctx,
        Inputs.WorkflowRuns,
        `cannot be combined with ${others.join(', ')}: the runs given are the whole selection (each found by its ` +
          'run id and creation time)'
      )
    }
  }
  // A GitHub-hosted job ends at 6 hours: a plan whose watches take longer is refused there, stated elsewhere.
  const hosted = process.env.RUNNER_ENVIRONMENT === 'github-hosted'
  const staging = [v[Inputs.Stages], v[Inputs.Watch], v[Inputs.WatchMaxFailed], v[Inputs.WatchRetries]] as const
  for (const [name, says] of stagingProblems(...staging, hosted, v[Inputs.WatchMinCompleted])) refuse(ctx, name, says)
}

export function resumeSchema(now: number, workspace: string) {
  return z
    .object(resumeShape(now, workspace))
    .superRefine(resumeRules)
    .transform(v => {
      // Typed as the request, which dlq-ids-file later completes with the line of each id.
      const resume: ResumeRequest = {
        selection: selectionOf(v),
        overrides: valuesOf(v, [Inputs.FlowControlKey, Inputs.FlowControlValue, Inputs.Retries]),
        ...valuesOf(v, [Inputs.All, Inputs.MaxPages, Inputs.Cursor, Inputs.MaxRuns]),
        ...(v[Inputs.WorkflowRuns] !== undefined ? { runs: v[Inputs.WorkflowRuns] } : {}),
        ...stagePlan(
          v[Inputs.Stages],
          v[Inputs.Watch],
          v[Inputs.WatchMaxFailed],
          v[Inputs.WatchRetries],
          v[Inputs.WatchMinCompleted]
        )
      }
      const files = valuesOf(v, [Inputs.RunsFile, Inputs.DlqIdsFile])
      return { operation: 'resume-workflows' as const, ...common(v), resume, ...files }
    })
}
