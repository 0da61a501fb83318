// Restores the lock entries of optional platform builds (e.g. `@unrs/resolver-binding-*` of jest's resolver) that
// `npm install` drops when the package registry does not serve them; without them `npm ci` refuses the lock.
//
//   node script/lock-optional-bindings.js          add the missing entries to package-lock.json
//   node script/lock-optional-bindings.js --check  exit 1 if an entry is missing (offline: no registry look-up)
//
// An entry the registry serves gets its integrity, cpu, os and libc from the registry (`npm view`); one it does not
// serve gets cpu, os and libc from the napi-rs package name (`<os>-<cpu>[-<abi>]`) and no integrity: it is never
// installed on a machine that cannot fetch it.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import process from 'node:process'
import { fileURLToPath } from 'node:url'

const OSES = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openharmony', 'netbsd', 'openbsd', 'sunos', 'aix']

/**
 * The platform a napi-rs style build is for, from its name: `resolver-binding-linux-arm-gnueabihf` is linux, arm,
 * glibc. Undefined when the name does not end in such a triple.
 * @param {string} name
 * @returns {{ os: string[], cpu: string[], libc?: string[] } | undefined}
 */
export function platformOf(name) {
  const parts = name.split('/').pop()?.split('-') ?? []
  const at = parts.findLastIndex(part => OSES.includes(part))
  const [os, cpu, ...abi] = at < 0 ? [] : parts.slice(at)
  if (!os || !cpu) return undefined
  const libc = abi.join('-')
  return {
    os: [os],
    cpu: [cpu],
    ...(libc.startsWith('gnu') ? { libc: ['glibc'] } : libc.startsWith('musl') ? { libc: ['musl'] } : {})
  }
}

/**
 * The optional dependencies, declared by a lock entry, that the lock has no entry for.
 * @param {{ packages: Record<string, any> }} lock
 * @returns {Array<{ path: string, name: string, version: string, parent: any }>}
 */
export function missingOptionals(lock) {
  const missing = []
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const nested = `${path ? `${path}/` : ''}node_modules/${name}`
      if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue
      missing.push({ path: `node_modules/${name}`, name, version: String(version), parent: entry })
    }
  }
  return missing
}

/**
 * A lock entry for an optional build: from the registry's manifest when there is one, else from its name.
 * @param {string} name
 * @param {string} version
 * @param {any} parent the lock entry that declares it
 * @param {any} manifest `npm view --json` output, or undefined when the registry does not serve it
 */
export function lockEntry(name, version, parent, manifest) {
  const platform = manifest
    ? {
        ...(manifest.cpu ? { cpu: manifest.cpu } : {}),
        ...(manifest.os ? { os: manifest.os } : {}),
        ...(manifest.libc ? { libc: manifest.libc } : {})
      }
    : platformOf(name)
  if (!platform) throw new Error(`${name}@${version}: no manifest and no platform in its name`)
  return {
    version,
    ...(manifest?.dist?.integrity ? { integrity: manifest.dist.integrity } : {}),
    ...(platform.cpu ? { cpu: platform.cpu } : {}),
    ...(parent.dev ? { dev: true } : {}),
    ...(platform.libc ? { libc: platform.libc } : {}),
    license: manifest?.license ?? parent.license,
    optional: true,
    ...(platform.os ? { os: platform.os } : {})
  }
}

/** The registry's manifest of name@version, or undefined when it does not serve it. */
function manifestOf(/** @type {string} */ name, /** @type {string} */ version) {
  try {
    return JSON.parse(
      execFileSync('npm', ['view', `${name}@${version}`, '--json'], { encoding: 'utf8', stdio: 'pipe' })
    )
  } catch (error) {
    if (/E404|404 Not Found/.test(String(/** @type {{ stderr?: string }} */ (error).stderr))) return undefined
    throw error
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check')
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'))
  const problems = []
  for (const { path, name, version, parent } of missingOptionals(lock)) {
    if (check) problems.push(`${path} (${version}) is missing`)
    else lock.packages[path] = lockEntry(name, version, parent, manifestOf(name, version))
  }
  // Entries without integrity that the registry can vouch for: fill them.
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (check || !entry.optional || entry.integrity || !path.includes('node_modules/')) continue
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)
    const manifest = manifestOf(name, entry.version)
    if (!manifest?.dist?.integrity) continue
    lock.packages[path] = { ...entry, integrity: manifest.dist.integrity }
  }
  if (check) {
    for (const problem of problems) process.stderr.write(`package-lock.json: ${problem}\n`)
    if (problems.length > 0) {
      process.stderr.write('Run `node script/lock-optional-bindings.js` and commit package-lock.json.\n')
      process.exit(1)
    }
    process.stdout.write('package-lock.json: every optional platform build has its entry.\n')
  } else {
    const sorted = Object.fromEntries(
      Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b)))
    )
    writeFileSync('package-lock.json', JSON.stringify({ ...lock, packages: sorted }, null, 2) + '\n')
  }
}
