/** The table of bad inputs, case by case, against the settings reader fed every input as the runner fills them. */
import { describe, expect, it } from '@jest/globals'
import { InputError, readSettings } from '../../src/inputs/settings.js'
import { actionDefaults } from '../../tools/action-yml.js'
import { BAD_INPUTS, refusal } from '../support/bad-inputs.js'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)
const GOOD = { token: 'sim-token-3c9d1e7f', 'base-url': 'https://service.example.com' }

/** The refusal readSettings throws for these inputs over the action.yml defaults. */
function refusalOf(inputs: Record<string, string>): string {
  const all: Record<string, string> = { ...actionDefaults(), ...GOOD, ...inputs }
  try {
    readSettings(name => all[name] ?? '', NOW, '/home/runner/work/shop')
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    return (error as Error).message
  }
  throw new Error('expected an InputError')
}

describe('bad inputs, each named with what it allows', () => {
  it.each(BAD_INPUTS.map(c => [c.name, c] as const))('%s', (_name, c) => {
    const message = refusalOf(c.inputs)
    expect(message).toContain(refusal(c))
    expect(message.split('\n')).toHaveLength(1)
  })
})
