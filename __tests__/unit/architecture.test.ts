/** The layering of src/ as style.md draws it, checked on the real import graph, so that it cannot drift back. */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  cycles,
  layerOf,
  layeringViolations,
  layoutBlock,
  moduleRole,
  readSources,
  type SourceFile
} from '../../tools/import-graph.js'

const SRC = join(process.cwd(), 'src')
const files = readSources(SRC)

describe('the import graph of src/', () => {
  it('reads every file of src/, and sees the imports of a file it knows', () => {
    expect(files.length).toBeGreaterThan(30)
    const main = files.find(f => f.path === 'main.ts')
    expect(main?.imports).toEqual(expect.arrayContaining(['inputs/settings.ts', 'service/client.ts']))
  })

  it('points down only: no layer imports one above it, and inputs and service import no other layer', () => {
    expect(layeringViolations(files)).toEqual([])
  })

  it('finds a wrong-way import when there is one, so the check above can fail', () => {
    const upward: SourceFile = { path: 'service/x.ts', lines: 1, imports: ['operations/list-dlq.ts', 'results.ts'] }
    expect(layeringViolations([upward])).toEqual(['service/x.ts → operations/list-dlq.ts'])
    expect(layerOf('results.ts')).toBe('root')
  })

  it('has no import cycle', () => {
    expect(cycles(files)).toEqual([])
    const a: SourceFile = { path: 'operations/a.ts', lines: 1, imports: ['operations/b.ts'] }
    const b: SourceFile = { path: 'operations/b.ts', lines: 1, imports: ['operations/a.ts'] }
    expect(cycles([a, b])).toEqual([['operations/a.ts', 'operations/b.ts', 'operations/a.ts']])
  })

  it('keeps every shipped file under 400 lines (a longer one does several jobs)', () => {
    expect(files.filter(f => f.lines > 400).map(f => `${f.path} (${f.lines} lines)`)).toEqual([])
  })

  it("gives each file the first sentence of the comment that opens it, not a declaration's doc", () => {
    expect(moduleRole('// The one stop of a run: SIGINT, then SIGTERM. A root module.\n// More.\nimport x\n')).toBe(
      'The one stop of a run: SIGINT, then SIGTERM.'
    )
    expect(
      moduleRole('/**\n * Lists the DLQ: one listing, or slices (concurrency above 1)\n * at once.\n */\nimport x\n')
    ).toBe('Lists the DLQ: one listing, or slices (concurrency above 1) at once.')
    expect(moduleRole('/** The largest time a Date can hold. */\nexport const MAX = 1\n')).toBeUndefined()
    expect(moduleRole("import { x } from './x.js'\n// A comment further down.\n")).toBeUndefined()
    expect(layoutBlock(files)).toContain('\n  list-dlq.ts ')
  })

  it('has docs/development.md show the layout this graph draws', () => {
    const development = readFileSync(join(process.cwd(), 'docs', 'development.md'), 'utf8')
    expect(development).toContain(layoutBlock(files))
  })
})

describe('the entry, src/index.ts', () => {
  // Static imports load before the first line runs: anything heavy there would leave a cancel that lands as the step
  // starts to Node's default handler, which kills the step with no outputs and no summary.
  it('catches the signals before the rest of the action loads: it statically imports only built-ins and stop.ts', () => {
    const text = readFileSync(join(SRC, 'index.ts'), 'utf8')
    const statics = [...text.matchAll(/^import\s[^'"]*['"]([^'"]+)['"]/gm)].map(m => m[1])
    expect(statics.filter(name => !name?.startsWith('node:'))).toEqual(['./stop.js'])
    expect(text.indexOf("process.on('SIGTERM'")).toBeLessThan(text.indexOf("import('./main.js')"))
  })

  it('changes V8 flags once the action has loaded (earlier, Node compiles its built-ins from source), before it runs', () => {
    const text = readFileSync(join(SRC, 'index.ts'), 'utf8')
    expect(text.indexOf("import('./main.js')")).toBeGreaterThan(0)
    expect(text.indexOf("setFlagsFromString('")).toBeGreaterThan(text.indexOf("import('./main.js')"))
    // ...and before the run, whose first connection compiles undici's parser under the flag.
    expect(text.indexOf("setFlagsFromString('")).toBeLessThan(text.indexOf('await run('))
  })
})
