// Unit tests of the pure parts of the release script (node's test runner: `node --test script/`).
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { URL } from 'node:url'
import { describe, it } from 'node:test'
import { compareVersions, latestRelease, parseVersion, readmeVersions, releaseNotes } from './release.js'

const CHANGELOG = `# Changelog

Intro text.

## [Unreleased]

### Fixed

- Something not released yet.

## [1.2.0] - 2026-12-01

### Added

- A feature.

## [1.1.10] - 2026-11-30

- A fix.

[1.2.0]: https://example.test/compare/v1.1.10...v1.2.0
`

describe('releaseNotes', () => {
  it('returns the body of the version section, up to the next heading', () => {
    assert.equal(releaseNotes(CHANGELOG, '1.2.0'), '### Added\n\n- A feature.')
  })

  it('stops at the link definitions after the last section', () => {
    assert.equal(releaseNotes(CHANGELOG, '1.1.10'), '- A fix.')
  })

  it('does not take 1.1.1 for 1.1.10, nor a section without a date', () => {
    assert.throws(() => releaseNotes(CHANGELOG, '1.1.1'), /no section "## \[1\.1\.1\] - <date>"/)
    assert.throws(() => releaseNotes(CHANGELOG.replace('[1.2.0] - 2026-12-01', '[1.2.0]'), '1.2.0'), /no release date/)
  })

  it('refuses an empty section', () => {
    assert.throws(() => releaseNotes('## [2.0.0] - 2027-01-01\n\n## [1.0.0] - 2026-01-01\n- x', '2.0.0'), /empty/)
  })

  it("reads this project's own CHANGELOG for package.json's version", () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
    const notes = releaseNotes(readFileSync(new URL('../CHANGELOG.md', import.meta.url), 'utf8'), version)
    assert.match(notes, /^### /)
  })
})

describe('versions', () => {
  it('parses X.Y.Z only', () => {
    assert.deepEqual(parseVersion('1.20.3'), [1, 20, 3])
    for (const bad of ['1.2', 'v1.2.3', '1.2.3-rc.1', '01.2.3']) assert.throws(() => parseVersion(bad), /not a release/)
  })

  it('compares numerically, and finds the latest release tag ignoring major tags', () => {
    assert.ok(compareVersions('1.10.0', '1.9.9') > 0)
    assert.equal(compareVersions('2.0.0', '2.0.0'), 0)
    assert.equal(latestRelease(['v1', 'v1.9.0', 'v1.10.0', 'v2', 'nightly']), '1.10.0')
    assert.equal(latestRelease(['v1']), undefined)
  })
})

describe('readmeVersions', () => {
  it("reads the version of each pin example and of the README's 'describes' line, not the major tag", () => {
    const readme = [
      'This README describes **1.2.0**.',
      '- uses: acme/dlq-action@v1',
      '- uses: acme/dlq-action@<full-commit-sha-of-v1.2.0> # v1.2.0',
      '  uses: acme/dlq-action@0123456789abcdef0123456789abcdef01234567 # v1.1.0',
      'uses: actions/checkout@08c6903cd8c0fde910a37f88322edcfb5dd907a8 # v5.0.0'
    ].join('\n')
    assert.deepEqual(readmeVersions(readme), ['1.2.0', '1.1.0', '1.2.0'])
    assert.deepEqual(readmeVersions('no pin'), [])
  })
})
