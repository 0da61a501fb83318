import { describe, expect, it } from '@jest/globals'
import { redactor } from '../../src/service/redact.js'

describe('redactor', () => {
  it('replaces each secret in any letter case, special characters and all', () => {
    const redact = redactor(['Tok.en*[1]', 'gh-secret'])
    expect(redact('a Tok.en*[1] b tok.EN*[1] c GH-SECRET d Tokxen*[1]')).toBe('a *** b *** c *** d Tokxen*[1]')
  })

  it('replaces a secret that contains another one whole', () => {
    expect(redactor(['abc', 'abcdef'])('xabcdefx abc')).toBe('x***x ***')
  })

  it('leaves text alone when there is no secret', () => {
    expect(redactor(['', ''])('plain text')).toBe('plain text')
  })
})
