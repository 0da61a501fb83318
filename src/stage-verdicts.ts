// What each stage verdict means to the loop that acts on it and to the report: one row a verdict, a table the compiler
// holds complete. A root module: both operations (the loop) and report (stages-completed, the ending stage) read it.
import type { StageVerdict } from './resume-results.js'

export interface VerdictTraits {
  /** The next stage may start: the staged resume goes on. */
  goesOn: boolean
  /** Counted in stages-completed: the stage resumed, and where watched, passed. */
  passed: boolean
  /** The resume ended before its plan because of this stage: the summary leads with it and the step says why. */
  endsPlan: boolean
}

export const STAGE_VERDICTS: { readonly [V in StageVerdict]: VerdictTraits } = {
  clean: { goesOn: true, passed: true, endsPlan: false },
  within: { goesOn: true, passed: true, endsPlan: false },
  stopped: { goesOn: false, passed: false, endsPlan: true },
  inconclusive: { goesOn: false, passed: false, endsPlan: true },
  cut: { goesOn: false, passed: false, endsPlan: true },
  blind: { goesOn: false, passed: false, endsPlan: true },
  last: { goesOn: false, passed: true, endsPlan: false },
  capped: { goesOn: false, passed: true, endsPlan: true },
  failed: { goesOn: false, passed: false, endsPlan: true },
  cancelled: { goesOn: false, passed: false, endsPlan: true }
}
