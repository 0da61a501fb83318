/** JSON.stringify of what JSON.parse made, or where hostile nesting runs it out of stack, the same text iteratively. */
export function toJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null'
  } catch (err) {
    if (!(err instanceof RangeError)) throw err
    return toJsonIteratively(value)
  }
}

/** The same text as JSON.stringify, built with a heap-allocated stack. */
export function toJsonIteratively(value: unknown): string {
  const parts: string[] = []
  // Left to write, last first: values, and the text between them (a comma, a key, a closing bracket).
  const todo: ({ value: unknown } | string)[] = [{ value }]
  for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
    if (typeof next === 'string') {
      parts.push(next)
      continue
    }
    let v = next.value
    if (typeof (v as { toJSON?: unknown } | null)?.toJSON === 'function') v = (v as { toJSON(): unknown }).toJSON()
    if (v === null || typeof v !== 'object') {
      parts.push(JSON.stringify(v) ?? 'null')
      continue
    }
    const entries: [string | undefined, unknown][] = Array.isArray(v)
      ? Array.from(v, item => [undefined, serialisable(item) ? item : null])
      : Object.entries(v).filter(([, item]) => serialisable(item))
    parts.push(Array.isArray(v) ? '[' : '{')
    todo.push(Array.isArray(v) ? ']' : '}')
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i] as [string | undefined, unknown]
      todo.push({ value: item })
      if (key !== undefined) todo.push(`${JSON.stringify(key)}:`)
      if (i > 0) todo.push(',')
    }
  }
  return parts.join('')
}

/** JSON.stringify leaves these out of objects (and writes null for them in arrays). */
function serialisable(v: unknown): boolean {
  return v !== undefined && typeof v !== 'function' && typeof v !== 'symbol'
}
