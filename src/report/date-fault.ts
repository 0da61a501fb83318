/** Why the service's Date was not used, in words: said by the resume's bound line and by the health check's clock. */
import { durationText } from '../format.js'
import type { DateFault } from '../results.js'

/** `its Date header ("1") is not an HTTP date`, or that the service sent none. */
export function dateFaultText(fault: DateFault | undefined): string {
  if (fault?.kind === 'not-http-date') return `its Date header (${JSON.stringify(fault.text)}) is not an HTTP date`
  if (fault?.kind === 'stale') return `a cache served its answer (Age ${fault.ageSeconds} s): its Date was stale`
  if (fault?.kind === 'backwards') {
    return `its Date headers went back by ${durationText(fault.byMs)}: they come from clocks that disagree`
  }
  return 'the service sent no Date header'
}
