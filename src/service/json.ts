/** JSON.stringify of what JSON.parse made, or where hostile nesting runs it out of stack, the same text iteratively. */
export function toJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null'
  } catch (err) {
    if (!(err instanceof RangeError)) throw err
    return toJsonIteratively(value)
  }
}

/** An array or object being written: its entries (an array's without keys) and the next one to write. */
type Frame = { close: ']' | '}'; entries: Array<[string | undefined, unknown]>; next: number }

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
        const entries = Array.from(v, (item): [undefined, unknown] => [undefined, serialisable(item) ? item : null])
        stack.push({ close: ']', entries, next: 0 })
      } else {
        parts.push('{')
        const entries = Object.entries(v).filter(([, item]) => serialisable(item))
        stack.push({ close: '}', entries, next: 0 })
      }
      return
    }
    parts.push(JSON.stringify(v) ?? 'null')
  }
  open(value)
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame
    if (top.next === top.entries.length) {
      parts.push(top.close)
      stack.pop()
      continue
    }
    if (top.next > 0) parts.push(',')
    const [key, item] = top.entries[top.next++] as [string | undefined, unknown]
    if (key !== undefined) parts.push(`${JSON.stringify(key)}:`)
    open(item)
  }
  return parts.join('')
}

/** JSON.stringify leaves these out of objects (and writes null for them in arrays). */
function serialisable(v: unknown): boolean {
  return v !== undefined && typeof v !== 'function' && typeof v !== 'symbol'
}
