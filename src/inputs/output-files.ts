/** Checks, before any request, that the files the action will write can be written. */
import { constants } from 'node:fs'
import { access, mkdir, open, rmdir, stat, unlink } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { ERRNO_MEANING, Inputs } from '../constants.js'
import { badInput, InputError } from './settings.js'

/** Files the runner reads after the step: writing NDJSON over one would corrupt the step's own results. */
const RUNNER_FILES = ['GITHUB_OUTPUT', 'GITHUB_STEP_SUMMARY', 'GITHUB_ENV', 'GITHUB_PATH', 'GITHUB_STATE'] as const

const errorCode = (err: unknown): string => (err as NodeJS.ErrnoException).code ?? 'error'

function reason(err: unknown): string {
  const code = errorCode(err)
  return ERRNO_MEANING[code] ? `${ERRNO_MEANING[code]}, ${code}` : code
}

/** The file's metadata, or undefined when nothing is there (or a path component is not a directory). */
const statOrNothing = (path: string) =>
  stat(path).catch((err: unknown) => {
    if (errorCode(err) === 'ENOENT' || errorCode(err) === 'ENOTDIR') return undefined
    throw err
  })

/** What is wrong with writing a file at `path` (completing "must be ..."), or undefined when nothing is. */
async function problemWriting(path: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const runnerFile = RUNNER_FILES.find(name => env[name] && resolve(env[name]) === path)
  if (runnerFile) return `a file of its own: ${runnerFile} points there, and the runner reads that file after the step`

  const info = await statOrNothing(path)
  if (info?.isDirectory()) return 'a file path, not a directory'
  if (info) {
    try {
      // Opening without O_TRUNC or O_CREAT changes nothing; a FIFO or device is only asked, since opening one may block.
      if (info.isFile()) await (await open(path, constants.O_WRONLY)).close()
      else await access(path, constants.W_OK)
      return undefined
    } catch (err) {
      return `a file that can be written: it exists but cannot be opened for writing (${reason(err)})`
    }
  }

  // Nothing there yet: find the nearest folder that exists, and the first one that would have to be created.
  let folder = dirname(path)
  let firstMissing: string | undefined
  let found = await statOrNothing(folder)
  while (!found && dirname(folder) !== folder) {
    firstMissing = folder
    folder = dirname(folder)
    found = await statOrNothing(folder)
  }
  if (!found?.isDirectory()) return `a path whose folders can be created: ${folder} is not a directory`
  try {
    if (firstMissing === undefined) {
      // Creating the file itself is the only sure test (permissions, read-only mounts, ACLs); it is removed at once.
      await (await open(path, 'wx')).close()
      await unlink(path)
    } else {
      await mkdir(firstMissing)
      await rmdir(firstMissing)
    }
    return undefined
  } catch (err) {
    // The file appeared in between: someone else made it, it is writable as far as this check can tell.
    if (errorCode(err) === 'EEXIST') return undefined
    const target = firstMissing === undefined ? `a file in ${folder}` : `the folder ${firstMissing}`
    return `a path where a file can be created: cannot create ${target} (${reason(err)})`
  }
}

/** Throws InputError naming each output file that cannot be written; what it creates to find out, it removes. */
export async function checkOutputFiles(files: [Inputs, string | undefined][], env = process.env): Promise<void> {
  const problems: InputError['issues'] = []
  for (const [name, path] of files) {
    if (path === undefined) continue
    const problem = await problemWriting(path, env).catch(
      (err: unknown) => `a path that can be checked (${reason(err)})`
    )
    if (problem !== undefined) problems.push(badInput(name, `must be ${problem}`, path))
  }
  if (problems.length > 0) throw new InputError(problems)
}

/**
 * Refuses, before any request, an archive-file that already holds data: it may be the archive of an earlier delete,
 * the only copy of what that delete took, and a delete writes its archive from the start.
 */
export async function checkArchiveFile(path: string): Promise<void> {
  const info = await statOrNothing(path).catch(() => undefined)
  if (info?.isFile() !== true || info.size === 0) return
  const says =
    'must not be a file that holds data: it may be the archive of an earlier delete, which this one would ' +
    'overwrite; give a new path (with ${{ github.run_id }}-${{ github.run_attempt }} in it) or remove the file'
  throw new InputError([badInput(Inputs.ArchiveFile, says, path)])
}
