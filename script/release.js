// Cuts a release of the action from a clean main:
//
//   node script/release.js            check, then print what it would do
//   node script/release.js --tag      also create the tag vX.Y.Z and move the major tag vX to it (locally)
//   node script/release.js --tag --push    and push both tags (the major tag with --force, since it moves)
//   node script/release.js notes X.Y.Z     print the CHANGELOG section of X.Y.Z (the release workflow uses it)
//
// The version is package.json's. The checks: a clean work tree, a CHANGELOG section for the version with a date, a
// README whose pin example names that version, a version above every existing tag, and a dist/ that
// `npm run bundle` reproduces byte for byte.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import process from 'node:process'
import { fileURLToPath } from 'node:url'

/**
 * The parts of a release version `X.Y.Z` (no pre-release: the major tag must only ever point at a release).
 * @param {string} version
 * @returns {[number, number, number]}
 */
export function parseVersion(version) {
  const m = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.exec(version)
  if (!m) throw new Error(`"${version}" is not a release version X.Y.Z`)
  return [Number(m[1]), Number(m[2]), Number(m[3])]
}

/**
 * Negative, zero or positive as version a is below, equal to or above version b.
 * @param {string} a
 * @param {string} b
 */
export function compareVersions(a, b) {
  const [x, y] = [parseVersion(a), parseVersion(b)]
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]
}

/**
 * The highest release among tags `vX.Y.Z`; other tags (the major tags vX among them) are ignored.
 * @param {string[]} tags
 * @returns {string | undefined}
 */
export function latestRelease(tags) {
  const versions = tags.filter(t => /^v\d+\.\d+\.\d+$/.test(t)).map(t => t.slice(1))
  return versions.sort(compareVersions).at(-1)
}

/**
 * The body of the CHANGELOG section `## [X.Y.Z] - YYYY-MM-DD` (Keep a Changelog), without its heading.
 * @param {string} changelog
 * @param {string} version
 * @returns {string}
 */
export function releaseNotes(changelog, version) {
  const lines = changelog.replace(/\r\n?/g, '\n').split('\n')
  const heading = new RegExp(`^## \\[?${version.replace(/\./g, '\\.')}\\]?(\\s|$)`)
  const start = lines.findIndex(line => heading.test(line))
  if (start < 0) throw new Error(`CHANGELOG.md has no section "## [${version}] - <date>"`)
  if (!/ - \d{4}-\d{2}-\d{2}\s*$/.test(lines[start] ?? '')) {
    throw new Error(`the CHANGELOG.md heading of ${version} has no release date: "${lines[start]}"`)
  }
  const rest = lines.slice(start + 1)
  // The section ends at the next version heading or at the link definitions at the bottom.
  const end = rest.findIndex(line => /^## /.test(line) || /^\[[^\]]+\]: /.test(line))
  const body = (end < 0 ? rest : rest.slice(0, end)).join('\n').trim()
  if (body === '') throw new Error(`the CHANGELOG.md section of ${version} is empty`)
  return body
}

/**
 * The versions README.md says it describes: each pin example `uses: <owner>/dlq-action@<sha> # vX.Y.Z`, and
 * "describes **X.Y.Z**". A release names itself there, so that the pin a user copies names the release it is.
 * @param {string} readme
 * @returns {string[]}
 */
export function readmeVersions(readme) {
  return [
    ...[...readme.matchAll(/uses: [\w.-]+\/dlq-action@\S+ # v(\d+\.\d+\.\d+)\b/g)].map(m => m[1] ?? ''),
    ...[...readme.matchAll(/describes \*\*(\d+\.\d+\.\d+)\*\*/g)].map(m => m[1] ?? '')
  ]
}

/** @param {string[]} args */
function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8' }).trim()
}

/** @param {string} command @param {string[]} args */
function show(command, args) {
  process.stdout.write(`  ${[command, ...args].join(' ')}\n`)
}

/** @param {string[]} args */
function release(args) {
  const tag = args.includes('--tag')
  const push = args.includes('--push')
  if (push && !tag) throw new Error('--push needs --tag')
  const version = JSON.parse(readFileSync('package.json', 'utf8')).version
  const [major] = parseVersion(version)
  const [full, moving] = [`v${version}`, `v${major}`]

  if (git('status', '--porcelain') !== '') throw new Error('the work tree has changes: commit or remove them first')
  const notes = releaseNotes(readFileSync('CHANGELOG.md', 'utf8'), version)
  const named = readmeVersions(readFileSync('README.md', 'utf8'))
  if (named.length === 0 || named.some(v => v !== version)) {
    throw new Error(
      `README.md's pin example names ${named.join(', ') || 'no version'}: make it ${version}, this release`
    )
  }
  const latest = latestRelease(git('tag', '--list').split('\n'))
  if (latest && compareVersions(version, latest) <= 0) {
    throw new Error(`package.json's version ${version} is not above the latest release v${latest}: raise it first`)
  }

  process.stdout.write('Rebuilding dist/ to check that the committed one is current...\n')
  execFileSync('npm', ['run', '-s', 'bundle'], { stdio: 'inherit' })
  if (git('status', '--porcelain', '--', 'dist') !== '') {
    throw new Error("dist/ is not what 'npm run bundle' builds from these sources: commit the rebuilt dist/ first")
  }

  const commit = git('rev-parse', 'HEAD')
  process.stdout.write(
    `\nRelease ${full} at ${commit}; ${moving} moves there. Notes from CHANGELOG.md:\n\n${notes}\n\n`
  )
  const steps = [
    ['git', ['tag', '--annotate', full, '--message', full, commit]],
    ['git', ['tag', '--force', '--annotate', moving, '--message', `${moving} (${full})`, commit]],
    ...(push ? [['git', ['push', 'origin', `refs/tags/${full}`, `+refs/tags/${moving}`]]] : [])
  ]
  if (!tag) {
    process.stdout.write('Dry run. With --tag this runs:\n')
    for (const [command, commandArgs] of steps) show(String(command), /** @type {string[]} */ (commandArgs))
    process.stdout.write('and with --push also pushes both tags.\n')
    return
  }
  for (const [command, commandArgs] of steps) {
    show(String(command), /** @type {string[]} */ (commandArgs))
    execFileSync(String(command), /** @type {string[]} */ (commandArgs), { stdio: 'inherit' })
  }
  process.stdout.write(
    push
      ? `Pushed. The release workflow drafts the GitHub release of ${full} from CHANGELOG.md: review and publish it.\n`
      : `Tagged locally. Push with: git push origin refs/tags/${full} +refs/tags/${moving}\n`
  )
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2)
  try {
    if (args[0] === 'notes') {
      if (!args[1]) throw new Error('usage: node script/release.js notes X.Y.Z')
      process.stdout.write(releaseNotes(readFileSync('CHANGELOG.md', 'utf8'), args[1].replace(/^v/, '')) + '\n')
    } else {
      release(args)
    }
  } catch (error) {
    process.stderr.write(`release: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }
}
