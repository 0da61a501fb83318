/** The import graph of src/, read from the sources as text: what the layering rules and the README are checked against. */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

export interface SourceFile {
  /** Path relative to src/, with '/' separators, e.g. `service/client.ts`. */
  path: string
  lines: number
  /** Files of src/ it imports (relative to src/), type-only imports included. */
  imports: string[]
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
  return { path: relative(srcDir, full).split('\\').join('/'), lines: text.split('\n').length, imports }
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
