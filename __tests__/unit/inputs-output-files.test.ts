/** checkOutputFiles, on the files each operation's table entry names, against real temporary folders: what it refuses, and that it leaves nothing behind. */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkOutputFiles } from '../../src/inputs/output-files.js'
import { outputFiles } from '../../src/main.js'
import { InputError, readSettings, type Settings } from '../../src/inputs/settings.js'

const BASE = { token: 't0ken-6e2f9a', 'base-url': 'https://service.example.com' }
let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inputs-files-'))
})
afterEach(async () => {
  await chmod(dir, 0o700).catch(() => undefined)
  await rm(dir, { recursive: true, force: true })
})

function settingsFor(inputs: Record<string, string>): Settings {
  return readSettings(name => ({ ...BASE, ...inputs })[name] ?? '', Date.now(), dir)
}
/** The check main.ts runs before any request: on the files the operation's entry names. */
const check = (settings: Settings, env: NodeJS.ProcessEnv) => checkOutputFiles(outputFiles(settings), env)
const listing = (path: string) => settingsFor({ operation: 'list-dlq', 'messages-file': path })
const resuming = (path: string) => settingsFor({ operation: 'resume-workflows', all: 'true', 'runs-file': path })

async function refusal(settings: Settings, env: NodeJS.ProcessEnv = {}): Promise<string> {
  try {
    await check(settings, env)
  } catch (err) {
    expect(err).toBeInstanceOf(InputError)
    return (err as Error).message
  }
  throw new Error('expected an InputError')
}

/** Every entry under `root`, recursively, to show that a check created nothing. */
async function tree(root: string): Promise<string[]> {
  return (await readdir(root, { recursive: true })).map(String).sort()
}

describe('checkOutputFiles', () => {
  it('accepts a new file in an existing folder, and leaves no file behind', async () => {
    await check(listing('dlq.ndjson'), {})
    await check(resuming(join(dir, 'runs.ndjson')), {})
    expect(await tree(dir)).toEqual([])
  })

  it('accepts a file whose folders do not exist yet, and creates none of them', async () => {
    await check(listing('out/deeper/dlq.ndjson'), {})
    await check(resuming('out/runs.ndjson'), {})
    expect(await tree(dir)).toEqual([])
  })

  it('accepts an existing writable file without changing it', async () => {
    const file = join(dir, 'runs.ndjson')
    await writeFile(file, 'kept\n')
    const before = await stat(file)
    await check(resuming(file), {})
    expect(await readFile(file, 'utf8')).toBe('kept\n')
    expect((await stat(file)).mtimeMs).toBe(before.mtimeMs)
  })

  it('does nothing when no output file is set', async () => {
    const list = settingsFor({ operation: 'list-dlq' })
    const schedule = settingsFor({ operation: 'resume-schedule', 'schedule-id': 's' })
    expect([...outputFiles(list), ...outputFiles(schedule)].filter(([, path]) => path !== undefined)).toEqual([])
    await expect(check(list, {})).resolves.toBeUndefined()
    await expect(check(schedule, {})).resolves.toBeUndefined()
  })

  it('refuses a directory', async () => {
    await mkdir(join(dir, 'out'))
    expect(await refusal(listing('out'))).toBe(
      `Input 'messages-file' must be a file path, not a directory (got "${join(dir, 'out')}").`
    )
    expect(await refusal(resuming(dir))).toBe(`Input 'runs-file' must be a file path, not a directory (got "${dir}").`)
  })

  it('refuses a path below a file', async () => {
    await writeFile(join(dir, 'plain'), '')
    expect(await refusal(resuming('plain/runs.ndjson'))).toBe(
      `Input 'runs-file' must be a path whose folders can be created: ${join(dir, 'plain')} is not a directory ` +
        `(got "${join(dir, 'plain', 'runs.ndjson')}").`
    )
    expect(await refusal(listing('plain/a/b/dlq.ndjson'))).toContain(
      `Input 'messages-file' must be a path whose folders can be created: ${join(dir, 'plain')} is not a directory`
    )
  })

  it('refuses the files the runner reads', async () => {
    const output = join(dir, 'output')
    await writeFile(output, '')
    expect(await refusal(resuming(output), { GITHUB_OUTPUT: output })).toBe(
      "Input 'runs-file' must be a file of its own: GITHUB_OUTPUT points there, and the runner reads that file after " +
        `the step (got "${output}").`
    )
  })

  // /sys refuses new files and writes to read-only attributes even to root, where permission bits would not.
  const sysfs = existsSync('/sys/kernel/uevent_seqnum') ? it : it.skip
  sysfs('refuses a folder where no file can be created, and a file that cannot be written', async () => {
    expect(await refusal(listing('/sys/dlq.ndjson'))).toMatch(
      /^Input 'messages-file' must be a path where a file can be created: cannot create a file in \/sys \(.*E[A-Z]+\) \(got "\/sys\/dlq.ndjson"\)\.$/
    )
    expect(await refusal(resuming('/sys/kernel/new-folder/runs.ndjson'))).toMatch(
      /^Input 'runs-file' must be a path where a file can be created: cannot create the folder \/sys\/kernel\/new-folder \(/
    )
    expect(await refusal(resuming('/sys/kernel/uevent_seqnum'))).toMatch(
      /^Input 'runs-file' must be a file that can be written: it exists but cannot be opened for writing \(/
    )
    expect(existsSync('/sys/dlq.ndjson')).toBe(false)
  })

  const unprivileged = process.getuid?.() !== 0 ? it : it.skip
  unprivileged('refuses a read-only file and a read-only folder (permission bits)', async () => {
    const file = join(dir, 'locked.ndjson')
    await writeFile(file, '')
    await chmod(file, 0o444)
    expect(await refusal(listing(file))).toContain('it exists but cannot be opened for writing (permission denied')
    await chmod(dir, 0o500)
    expect(await refusal(listing('new.ndjson'))).toContain(`cannot create a file in ${dir} (permission denied`)
  })
})
