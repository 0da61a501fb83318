// Unit tests of the notices generator (node's test runner: `node --test script/`).
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { bundledFiles, noticesFromStats, packageDirOf, readNotice, renderNotices } from './third-party-notices.js'

describe('packageDirOf', () => {
  it('finds the innermost package, scoped or not', () => {
    assert.equal(packageDirOf('/r/node_modules/zod/v4/core/index.js'), '/r/node_modules/zod')
    assert.equal(packageDirOf('/r/node_modules/@actions/core/lib/core.js'), '/r/node_modules/@actions/core')
    assert.equal(
      packageDirOf('/r/node_modules/@actions/github/node_modules/@actions/http-client/lib/index.js'),
      '/r/node_modules/@actions/github/node_modules/@actions/http-client'
    )
  })

  it('ignores files of the project itself', () => {
    assert.equal(packageDirOf('/r/src/main.ts'), undefined)
    assert.equal(packageDirOf('/r/node_modules'), undefined)
    assert.equal(packageDirOf('/r/node_modules/@scope'), undefined)
  })
})

describe('bundledFiles', () => {
  it('reads the file after the loaders, in concatenated modules too', () => {
    const stats = {
      modules: [
        { identifier: '/r/loader.js??x!/r/src/index.ts' },
        {
          identifier: '/r/node_modules/a/index.js + 2 modules',
          modules: [{ identifier: '/r/node_modules/a/index.js' }, { identifier: '/l.js!/r/node_modules/@s/b/x.js' }]
        }
      ]
    }
    assert.deepEqual(bundledFiles(stats), [
      '/r/src/index.ts',
      '/r/node_modules/a/index.js + 2 modules',
      '/r/node_modules/a/index.js',
      '/r/node_modules/@s/b/x.js'
    ])
  })
})

describe('reading and rendering notices', () => {
  const root = mkdtempSync(join(tmpdir(), 'notices-'))
  after(() => rmSync(root, { recursive: true, force: true }))
  const pkg = (/** @type {string} */ name, /** @type {Record<string, unknown>} */ manifest, files = {}) => {
    const dir = join(root, 'node_modules', name)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', ...manifest }))
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text)
    return dir
  }

  it('reads licence, licence text, NOTICE and source', () => {
    const dir = pkg(
      'apache-thing',
      { license: 'Apache-2.0', repository: { url: 'git+https://example.test/a.git' } },
      { 'LICENSE.md': 'Apache text\r\n', NOTICE: 'Copyright A' }
    )
    assert.deepEqual(readNotice(dir), {
      name: 'apache-thing',
      version: '1.0.0',
      license: 'Apache-2.0',
      source: 'https://example.test/a',
      licenseText: 'Apache text',
      notice: 'Copyright A'
    })
  })

  it('refuses a package without a licence file or without a licence field, naming it', () => {
    assert.throws(() => readNotice(pkg('no-file', { license: 'MIT' })), /no-file@1\.0\.0 .* ships no LICENSE file/)
    assert.throws(() => readNotice(pkg('no-field', {}, { LICENSE: 'x' })), /no-field@1\.0\.0 .* no "license" field/)
  })

  it('lists each bundled package once, sorted, with its text', () => {
    pkg('zeta', { license: 'MIT' }, { LICENSE: 'Zeta licence' })
    pkg('@s/alpha', { license: 'ISC' }, { 'license.txt': 'Alpha licence' })
    const base = join(root, 'node_modules')
    const stats = {
      modules: [
        { identifier: join(base, 'zeta/a.js') },
        { identifier: join(base, 'zeta/b.js') },
        { identifier: `loader!${join(base, '@s/alpha/index.js')}` },
        { identifier: join(root, 'src/index.ts') }
      ]
    }
    const text = renderNotices(noticesFromStats(stats))
    assert.match(text, /the 2 npm packages below/)
    assert.ok(text.indexOf('@s/alpha 1.0.0\nLicense: ISC\n\nAlpha licence') < text.indexOf('zeta 1.0.0\nLicense: MIT'))
    assert.equal(text.match(/^zeta /gm)?.length, 1)
  })
})
