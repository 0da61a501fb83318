/** What the list report writes once the issue step has run: the edge it made on the health issue. */
import { describe, expect, it } from '@jest/globals'
import { issueOutputs } from '../../src/report/list.js'

describe('issueOutputs', () => {
  const link = (action: 'opened' | 'commented' | 'updated' | 'closed') => ({
    number: 7,
    url: 'https://github.com/acme/shop/issues/7',
    action
  })

  it('gives the edge the issue step made, and the issue it touched', () => {
    expect(issueOutputs({ link: link('opened') })).toEqual({
      transition: 'opened',
      'issue-url': 'https://github.com/acme/shop/issues/7'
    })
    expect(issueOutputs({ link: link('commented') }).transition).toBe('commented')
    expect(issueOutputs({ link: link('closed') }).transition).toBe('closed')
    // A body brought up to date without a comment is no edge, but the issue is named.
    expect(issueOutputs({ link: link('updated') })).toEqual({
      transition: 'none',
      'issue-url': 'https://github.com/acme/shop/issues/7'
    })
    expect(issueOutputs({})).toEqual({ transition: 'none', 'issue-url': '' })
  })

  it('says opened when a cancel cut the step after it opened the issue', () => {
    expect(issueOutputs({ cut: { signal: 'SIGTERM', opened: link('opened') } }).transition).toBe('opened')
    expect(issueOutputs({ cut: { signal: 'SIGTERM' } }).transition).toBe('none')
  })
})
