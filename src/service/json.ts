/** JSON text of what the service sent, however deeply nested: no stack overflow on hostile nesting. */

/**
 * JSON text of a value parsed from JSON, however deeply nested: JSON.stringify first (fast), and where it runs out
 * of stack, an explicit stack of its own. Same text as JSON.stringify for anything JSON.parse returns.
 */
export function toJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null'
  } catch (err) {
    if (!(err instanceof RangeError)) throw err
    return toJsonIteratively(value)
  }
}

type Frame =
  | { kind: 'array'; items: readonly unknown[]; next: number }
  | { kind: 'object'; entries: [string, unknown][]; next: number }

/** The same text as JSON.stringify, built with a heap-allocated stack. */
export function toJsonIteratively(value: unknown): string {
  const parts: string[] = []
  const stack: Frame[] = []
  const open = (v: unknown): void => {
    if (v !== null && typeof v === 'object') {
      const withJson = v as { toJSON?: () => unknown }
      if (typeof withJson.toJSON === 'function') return open(withJson.toJSON())
      if (Array.isArray(v)) {
        parts.push('[')
        stack.push({ kind: 'array', items: v, next: 0 })
      } else {
        parts.push('{')
        const entries = Object.entries(v).filter(([, item]) => serialisable(item))
        stack.push({ kind: 'object', entries, next: 0 })
      }
      return
    }
    parts.push(JSON.stringify(v) ?? 'null')
  }
  open(value)
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame
    if (top.kind === 'array') {
      if (top.next === top.items.length) {
        parts.push(']')
        stack.pop()
        continue
      }
      if (top.next > 0) parts.push(',')
      const item = top.items[top.next++]
      open(serialisable(item) ? item : null)
    } else {
      if (top.next === top.entries.length) {
        parts.push('}')
        stack.pop()
        continue
      }
      if (top.next > 0) parts.push(',')
      const [key, item] = top.entries[top.next++] as [string, unknown]
      parts.push(`${JSON.stringify(key)}:`)
      open(item)
    }
  }
  return parts.join('')
}

/** JSON.stringify leaves these out of objects (and writes null for them in arrays). */
function serialisable(v: unknown): boolean {
  return v !== undefined && typeof v !== 'function' && typeof v !== 'symbol'
}
