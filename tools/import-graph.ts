/**
 * The import graph of src/, read from the sources as text: what the layering rules and the layout in
 * docs/development.md are checked against. `npm run graph` prints the layout block that file carries.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

export interface SourceFile {
  /** Path relative to src/, with '/' separators, e.g. `service/client.ts`. */
  path: string
  lines: number
  /** Files of src/ it imports (relative to src/), type-only imports included. */
  imports: string[]
  /** What it is for: the first sentence of its module doc; none without one. */
  role?: string
}

const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/gm

export function readSources(srcDir: string): SourceFile[] {
  const files: SourceFile[] = []
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.ts')) files.push(readSource(srcDir, full))
    }
  }
  walk(srcDir)
  return files.sort((a, b) => a.path.localeCompare(b.path))
}

function readSource(srcDir: string, full: string): SourceFile {
  const text = readFileSync(full, 'utf8')
  const imports: string[] = []
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3] ?? ''
    if (!spec.startsWith('.')) continue
    imports.push(
      relative(srcDir, resolve(dirname(full), spec.replace(/\.js$/, '.ts')))
        .split('\\')
        .join('/')
    )
  }
  const role = moduleRole(text)
  return {
    path: relative(srcDir, full).split('\\').join('/'),
    lines: text.split('\n').length,
    imports,
    ...(role === undefined ? {} : { role })
  }
}

/**
 * What a file is for: the first sentence of its module doc, the comment that opens the file (`//` lines, or a doc
 * comment followed by a blank line or an import; one followed at once by a declaration documents that declaration).
 */
export function moduleRole(text: string): string | undefined {
  const lines =
    /^(?:\/\/.*\n)+/.exec(text)?.[0].split('\n') ??
    /^\/\*\*([\s\S]*?)\*\/\n(?:\s*\n|import\s)/.exec(text)?.[1]?.split('\n')
  const words = lines
    ?.map(line => line.replace(/^\s*(?:\/\/|\*)?\s?/, '').trim())
    .filter(line => line !== '')
    .join(' ')
  if (words === undefined || words === '') return undefined
  return /^.*?[.!?](?=\s|$)/.exec(words)?.[0] ?? words
}

/** The layer of a file: its folder under src/, or `root` for the files directly in src/. */
export function layerOf(path: string): string {
  const slash = path.indexOf('/')
  if (slash < 0) return path === 'index.ts' || path === 'main.ts' ? path.replace('.ts', '') : 'root'
  return path.slice(0, slash)
}

/** Layers each layer may import (besides itself and the shared root vocabulary): style.md's graph. */
export const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  index: ['main'],
  main: ['inputs', 'operations', 'report', 'github', 'service'],
  inputs: [],
  service: [],
  operations: ['service'],
  report: ['service'],
  github: ['report', 'service'],
  root: []
}

/** Every import that points the wrong way, as `from → to`. */
export function layeringViolations(files: readonly SourceFile[]): string[] {
  const out: string[] = []
  for (const file of files) {
    const from = layerOf(file.path)
    for (const target of file.imports) {
      const to = layerOf(target)
      if (to === from || to === 'root') continue
      if (!(ALLOWED[from] ?? []).includes(to)) out.push(`${file.path} → ${target}`)
    }
  }
  return out
}

/** The import cycles among files, each as a path that returns to its start. */
export function cycles(files: readonly SourceFile[]): string[][] {
  const graph = new Map(files.map(f => [f.path, f.imports]))
  const found: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (node: string): void => {
    state.set(node, 'open')
    stack.push(node)
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next])
      else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(node, 'done')
  }
  for (const node of graph.keys()) if (!state.has(node)) visit(node)
  return found
}

const ORDER = ['index', 'main', 'root', 'inputs', 'service', 'operations', 'report', 'github']

/** The layout block's width: a role longer than its line leaves is cut at a word, ending in an ellipsis. */
const WIDTH = 120

/** `text` in at most `room` characters, cut after a word. */
function fit(text: string, room: number): string {
  if (text.length <= room) return text
  const cut = text.slice(0, room - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1))} …`
}

/**
 * The layout block of docs/development.md, all of it read from src/: each layer with the layers its files import,
 * then each of its files with its role (the first line of its module doc).
 */
export function layoutBlock(files: readonly SourceFile[]): string {
  const uses = new Map<string, Set<string>>()
  for (const file of files) {
    const layer = layerOf(file.path)
    const set = uses.get(layer) ?? new Set<string>()
    for (const target of file.imports) if (layerOf(target) !== layer) set.add(layerOf(target))
    uses.set(layer, set)
  }
  const name = (layer: string): string =>
    layer === 'index' || layer === 'main' ? `src/${layer}.ts` : layer === 'root' ? 'src/*.ts' : `src/${layer}/`
  const short = (file: SourceFile): string => (file.path.includes('/') ? `  ${file.path.replace(/^[^/]*\//, '')}` : '')
  const column = Math.max(...ORDER.map(layer => name(layer).length), ...files.map(file => short(file).length)) + 2
  const row = (path: string, role: string | undefined): string =>
    `${path.padEnd(column)}${fit(role ?? '(no module doc)', WIDTH - column)}`
  const rows = ORDER.filter(layer => uses.has(layer)).flatMap(layer => {
    const targets = [...(uses.get(layer) ?? [])].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)).map(name)
    const imports = `→ ${targets.length > 0 ? targets.join(', ') : 'imports no other layer'}`
    const members = files.filter(file => layerOf(file.path) === layer)
    if (layer === 'index' || layer === 'main') {
      return [row(name(layer), members[0]?.role), `${''.padEnd(column)}${imports}`]
    }
    return [
      `${name(layer).padEnd(column)}${imports}`,
      ...members.map(file => row(short(file) || `  ${file.path}`, file.role))
    ]
  })
  return ['```', ...rows, '```'].join('\n')
}

const invokedAs = process.argv[1] ?? ''
if (/import-graph\.(?:js|ts)$/.test(invokedAs)) {
  console.log(layoutBlock(readSources(resolve(process.argv[2] ?? 'src'))))
}
