/** The zod fields of single inputs and the helpers every schema shares: each field reads through one reader. */
import { resolve as resolvePath } from 'node:path'
import { z } from 'zod'
import { INPUT_DEFAULTS, Inputs } from '../constants.js'
import { readFilterList, readOne } from './readers.js'
import { parseBoolean, parseDate, parseInteger } from './values.js'

/** The zod field of one input: the parser turns its text into a value, or throws what is allowed (an issue). */
export function input<T>(parse: (text: string) => T) {
  return z.string().transform((text, ctx): T => {
    try {
      return parse(text)
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message })
      return z.NEVER
    }
  })
}

/** The same, but an empty input means "not set". */
export function optional<T>(parse: (text: string) => T) {
  return input(text => (text.trim() === '' ? undefined : parse(text)))
}

/** An input with a default in action.yml: empty (a caller other than the runner), it reads as INPUT_DEFAULTS says. */
export function withDefault<T>(name: keyof typeof INPUT_DEFAULTS, parse: (text: string) => T) {
  return input(text => parse(text.trim() === '' ? INPUT_DEFAULTS[name] : text))
}

// Every input reads through readOne (one value), readList / readFilterList (several) or readDuration: see readers.ts.
export const text = optional(readOne)
export const filterList = optional(readFilterList)
export const integer = (min: number, max: number) => optional(s => parseInteger(readOne(s), min, max))
export const defaultInteger = (name: keyof typeof INPUT_DEFAULTS, min: number, max: number) =>
  withDefault(name, s => parseInteger(readOne(s), min, max))
export const boolean = (name: keyof typeof INPUT_DEFAULTS) => withDefault(name, s => parseBoolean(readOne(s)))
export const date = (now: number) => optional(s => parseDate(readOne(s), now))
export const filePath = (workspace: string) =>
  optional(s => {
    const path = readOne(s)
    if (/[/\\]$/.test(path)) throw new Error('must be a file path, not a directory')
    return resolvePath(workspace, path)
  })

/** An input's name in camelCase (message-id → messageId): the settings' name for it, and the service's. */
type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S

/** The values of some inputs under their names in camelCase, those not set left out. */
export function valuesOf<V, I extends keyof V & Inputs>(v: V, inputs: readonly I[]) {
  const set = inputs.filter(name => v[name] !== undefined)
  const entries = set.map(name => [name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()), v[name]])
  return Object.fromEntries(entries) as { [K in I as Camel<`${K}`>]: V[K] }
}

/** Refuses one input in a schema's rules: `says` completes "Input 'name' ...". */
export function refuse(ctx: z.RefinementCtx, input: string, says: string): void {
  ctx.addIssue({ code: 'custom', path: [input], message: says })
}
