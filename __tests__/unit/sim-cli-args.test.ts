import { describe, expect, it } from '@jest/globals'
import { parseArgs } from '../../sim/cli-args.js'

describe('the simulator command line', () => {
  it('honours count by default: no variant unless a switch names one', () => {
    expect(parseArgs(['--port', '8787', '--messages=20'])).toEqual({ port: 8787, messages: 20 })
  })

  it('--ignore-resume-count makes it the server that ignores a smaller count', () => {
    expect(parseArgs(['--ignore-resume-count', '--port', '0'])).toEqual({
      port: 0,
      variants: { ignoreResumeCount: true }
    })
  })

  it('refuses an unknown option and a value given to the switch', () => {
    expect(() => parseArgs(['--honour-resume-count'])).toThrow(/unknown option --honour-resume-count/)
    expect(() => parseArgs(['--ignore-resume-count=yes'])).toThrow(/unknown option --ignore-resume-count/)
  })
})
