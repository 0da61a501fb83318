/** watch-min-completed: a number of runs or a share of the watched runs, read as meant or refused naming the input. */
import { describe, expect, it } from '@jest/globals'
import { InputError, readSettings } from '../../src/inputs/settings.js'
import { minCompletedOf } from '../../src/requests.js'
import { actionDefaults } from '../../tools/action-yml.js'

const NOW = Date.UTC(2026, 10, 27, 8, 0, 0)
const STAGED = {
  token: 'sim-token-3c9d1e7f',
  'base-url': 'https://service.example.com',
  operation: 'resume-workflows',
  all: 'true',
  stages: '10, all',
  watch: '1m'
}

function read(inputs: Record<string, string>) {
  const all: Record<string, string> = { ...actionDefaults(), ...STAGED, ...inputs }
  return readSettings(name => all[name] ?? '', NOW, '/home/runner/work/shop')
}

function refusal(inputs: Record<string, string>): string {
  try {
    read(inputs)
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    return (error as Error).message
  }
  throw new Error('expected an InputError')
}

const planOf = (inputs: Record<string, string>) => {
  const settings = read(inputs) as { resume?: { stages?: { minCompleted?: unknown } } }
  return settings.resume?.stages?.minCompleted
}

describe('watch-min-completed', () => {
  it('reads a whole number of runs, or a share of the watched runs', () => {
    expect(planOf({ 'watch-min-completed': ' 8 ' })).toEqual({ runs: 8, text: '8' })
    expect(planOf({ 'watch-min-completed': '80%' })).toEqual({ share: 80, text: '80%' })
    expect(planOf({})).toBeUndefined()
  })

  it.each(['0', '-1', '1.5', 'eight', '0%', '101%', '80 %%', '8\n9', '[8]', '8, 9'])(
    'refuses %j naming the input',
    bad => {
      const message = refusal({ 'watch-min-completed': bad })
      expect(message).toContain("Input 'watch-min-completed'")
    }
  )

  it('is refused without a watch to judge', () => {
    const message = refusal({ 'watch-min-completed': '8', stages: '', watch: '' })
    expect(message).toContain("Input 'watch-min-completed' applies only to a watch")
  })

  it('takes a share of the watched runs rounded up: 80% of 9 is 8, 100% of 10 is 10', () => {
    expect(minCompletedOf({ share: 80, text: '80%' }, 9)).toBe(8)
    expect(minCompletedOf({ share: 100, text: '100%' }, 10)).toBe(10)
    expect(minCompletedOf({ share: 50, text: '50%' }, 10)).toBe(5)
    expect(minCompletedOf({ runs: 3, text: '3' }, 10)).toBe(3)
  })
})
