/**
 * Replaces every occurrence of each secret with `***`, in any letter case (a URL host comes back
 * lower-cased). The runner masks only its log; outputs, summaries and error texts need this.
 */
export function redactor(secrets: readonly string[]): (text: string) => string {
  // Longest first, so that a secret containing another is replaced whole.
  const present = secrets.filter(s => s !== '').sort((a, b) => b.length - a.length)
  if (present.length === 0) return text => text
  const pattern = new RegExp(present.map(s => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi')
  return text => text.replace(pattern, '***')
}
