import { describe, expect, it } from '@jest/globals'
import { parseArgs } from '../../sim/cli-args.js'

describe('the simulator command line', () => {
  it('honours count by default: no variant unless a switch names one', () => {
    expect(parseArgs(['--port', '8787', '--messages=20'])).toEqual({ port: 8787, messages: 20, realistic: true })
  })

  it('--ignore-resume-count makes it the server that ignores a smaller count', () => {
    expect(parseArgs(['--ignore-resume-count', '--port', '0'])).toEqual({
      port: 0,
      variants: { ignoreResumeCount: true },
      realistic: true
    })
  })

  it('refuses an unknown option and a value given to the switch', () => {
    expect(() => parseArgs(['--honour-resume-count'])).toThrow(/unknown option --honour-resume-count/)
    expect(() => parseArgs(['--ignore-resume-count=yes'])).toThrow(/unknown option --ignore-resume-count/)
  })
})

describe('the seed the command line asks for', () => {
  it('is the realistic shop data by default, as the demo seeds it', () => {
    expect(parseArgs([])).toEqual({ realistic: true })
  })

  it('is the tests hostile rows only with --hostile-seed, which --seed then varies', () => {
    expect(parseArgs(['--hostile-seed'])).toEqual({})
    expect(parseArgs(['--hostile-seed', '--seed', '7'])).toEqual({ seed: 7 })
  })

  it('refuses --seed without --hostile-seed (the realistic data is fixed) and a value given to the switch', () => {
    expect(() => parseArgs(['--seed', '7'])).toThrow(/--seed picks the hostile rows: add --hostile-seed/)
    expect(() => parseArgs(['--hostile-seed=yes'])).toThrow(/unknown option --hostile-seed/)
  })
})
