/**
 * README.md and docs/ against the repository: every input and output of action.yml has its row in docs/inputs.md's
 * reference, with the version that introduced it; the README leaves that reference to it, and its pin names the
 * release it describes; and every relative link (file and #anchor) leads somewhere, since the docs are split over
 * several files.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { parse } from 'yaml'
import { readReference, referenceRows, sinceOf } from '../support/reference.js'

const ROOT = process.cwd()
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter(name => name.endsWith('.md'))
    .map(name => `docs/${name}`)
]

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8')

/** The text outside fenced code blocks, where a link or a heading means one. */
const prose = (markdown: string): string => markdown.replace(/^```[\s\S]*?^```/gm, '')

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** The anchors a markdown file's headings give, with GitHub's -1, -2 for repeated ones. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const result = new Set<string>()
  for (const match of prose(markdown).matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const base = slug(match[1] ?? '')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    result.add(count === 0 ? base : `${base}-${count}`)
  }
  return result
}

/** The relative links of `file` whose target file or anchor does not exist, read through `readText`. */
function brokenLinks(file: string, markdown: string, readText: (path: string) => string | undefined): string[] {
  const broken: string[] = []
  for (const match of prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1] ?? ''
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue
    const [path, anchor] = target.split('#', 2)
    const resolved = !path ? file : normalize(join(dirname(file), path))
    const text = readText(resolved)
    if (text === undefined) broken.push(`${file}: ${target} (no such file)`)
    else if (anchor !== undefined && resolved.endsWith('.md') && !anchors(text).has(anchor)) {
      broken.push(`${file}: ${target} (no such heading)`)
    }
  }
  return broken
}

const readFromRoot = (path: string): string | undefined => {
  const full = join(ROOT, path)
  if (!existsSync(full)) return undefined
  return path.endsWith('.md') ? readFileSync(full, 'utf8') : ''
}

/** The release the docs describe: the latest dated one of CHANGELOG.md, or the next minor while [Unreleased] has some. */
function describedRelease(changelog: string): { released: Set<string>; described: string } {
  const released = new Set(
    [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$/gm)].map(m => m[1] ?? '')
  )
  const latest = [...released]
    .map(v => v.split('.').map(Number))
    .sort((a, b) => b[0]! - a[0]! || b[1]! - a[1]! || b[2]! - a[2]!)[0]
  if (latest === undefined) throw new Error('CHANGELOG.md has no dated release')
  // What [Unreleased] holds ships as the next minor version: an input added since says that version.
  const unreleased = /^## \[Unreleased\]\n\n(?!Nothing yet\.)/m.test(changelog)
  const described = unreleased ? `${latest[0]}.${(latest[1] ?? 0) + 1}.0` : latest.join('.')
  return { released: new Set([...released, described]), described }
}

describe('README.md and docs/', () => {
  const action = parse(read('action.yml')) as { inputs: Record<string, unknown>; outputs: Record<string, unknown> }
  const readme = read('README.md')
  const reference = readReference()
  const changelog = read('CHANGELOG.md')

  it("gives every input of action.yml one row in docs/inputs.md's reference, and no other name a row", () => {
    const rows = referenceRows(reference, 'Every input').map(row => row.name)
    expect(rows.sort()).toEqual(Object.keys(action.inputs).sort())
  })

  it("gives every output of action.yml one row in docs/inputs.md's reference, and no other", () => {
    const rows = referenceRows(reference, 'Every output').map(row => row.name)
    expect(rows.sort()).toEqual(Object.keys(action.outputs).sort())
  })

  it('gives every input and output of action.yml the version that introduced it: a dated release, or the next one', () => {
    const { released } = describedRelease(changelog)
    const [inputSince, outputSince] = [sinceOf(reference, 'Every input'), sinceOf(reference, 'Every output')]
    expect([...inputSince.keys()].sort()).toEqual(Object.keys(action.inputs).sort())
    expect([...outputSince.keys()].sort()).toEqual(Object.keys(action.outputs).sort())
    expect([...inputSince.values(), ...outputSince.values()].filter(v => !released.has(v))).toEqual([])
  })

  it('leaves the reference to docs/inputs.md: the README links it and has no table of inputs or outputs', () => {
    expect(readme).toContain('](docs/inputs.md')
    const tableRows = [...prose(readme).matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map(m => m[1] ?? '')
    const names = new Set([...Object.keys(action.inputs), ...Object.keys(action.outputs)])
    expect(tableRows.filter(name => names.has(name))).toEqual([])
  })

  it("names in the README's pin example the release the README describes", () => {
    // A pin by commit SHA, commented with its version as Dependabot keeps it (@v1 follows the major tag), and the
    // line that says which release the README describes; script/release.js refuses a release they do not name.
    const named = [
      ...[...readme.matchAll(/uses: acme\/dlq-action@\S+ # v(\d+\.\d+\.\d+)/g)].map(m => m[1]),
      ...[...readme.matchAll(/describes \*\*(\d+\.\d+\.\d+)\*\*/g)].map(m => m[1])
    ]
    expect(named.length).toBeGreaterThanOrEqual(2)
    expect(new Set(named)).toEqual(new Set([describedRelease(changelog).described]))
  })

  it('has every relative link lead to a file, and to a heading of it when it names one', () => {
    expect(DOCS.length).toBeGreaterThan(1)
    expect(DOCS.flatMap(file => brokenLinks(file, read(file), readFromRoot))).toEqual([])
  })

  it('finds a link to a missing file or heading, so the check above can fail', () => {
    const files: Record<string, string> = { 'docs/a.md': '# A title\n\n## Parallel listing (`concurrency` above 1)\n' }
    const text =
      '[ok](a.md#parallel-listing-concurrency-above-1) [gone](b.md) [bad](a.md#nope) [web](https://x.test/#y)\n' +
      '```\n[in code](c.md)\n```\n'
    expect(brokenLinks('docs/x.md', text, path => files[path])).toEqual([
      'docs/x.md: b.md (no such file)',
      'docs/x.md: a.md#nope (no such heading)'
    ])
    expect(anchors('# Same\n## Same\n')).toEqual(new Set(['same', 'same-1']))
  })
})
