/** The zod field of one input: its raw text parsed into a value, or an issue saying what is allowed. */
import { resolve as resolvePath } from 'node:path'
import { z } from 'zod'
import { INPUT_DEFAULTS } from '../constants.js'
import { parseDate, parseFilterList, parseInteger, parseList, parseUnixMilliseconds } from './values.js'

/** A value of one input: the parser turns text into a value or throws what is allowed. */
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
  const fallback = INPUT_DEFAULTS[name]
  if (fallback === undefined) throw new Error(`no default for input ${name}`)
  return input(text => parse(text.trim() === '' ? fallback : text))
}

export const text = optional(s => s.trim())
export const filterList = optional(parseFilterList)
export const commaList = optional(s => parseList(s, true))
export const integer = (min: number, max: number) => optional(s => parseInteger(s, min, max))
export const defaultInteger = (name: keyof typeof INPUT_DEFAULTS, min: number, max: number) =>
  withDefault(name, s => parseInteger(s, min, max))
export const date = (now: number) => optional(s => parseDate(s, now))
export const filePath = (workspace: string) =>
  optional(s => {
    if (/[/\\]$/.test(s.trim())) throw new Error('must be a file path, not a directory')
    return resolvePath(workspace, s.trim())
  })

/** A workflow creation time: exact Unix milliseconds. */
export function parseCreatedAt(s: string): number {
  if (!/^\d+$/.test(s.trim())) throw new Error('must be the exact creation time in Unix milliseconds')
  return parseUnixMilliseconds(s.trim(), '')
}
