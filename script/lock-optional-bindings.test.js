// Unit tests of the lock repair script (node's test runner: `node --test script/`).
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { lockEntry, missingOptionals, platformOf } from './lock-optional-bindings.js'

describe('platformOf', () => {
  it('reads os, cpu and libc from a napi-rs build name', () => {
    assert.deepEqual(platformOf('@unrs/resolver-binding-linux-arm-gnueabihf'), {
      os: ['linux'],
      cpu: ['arm'],
      libc: ['glibc']
    })
    assert.deepEqual(platformOf('@unrs/resolver-binding-linux-riscv64-musl'), {
      os: ['linux'],
      cpu: ['riscv64'],
      libc: ['musl']
    })
    assert.deepEqual(platformOf('@unrs/resolver-binding-win32-ia32-msvc'), { os: ['win32'], cpu: ['ia32'] })
    assert.deepEqual(platformOf('@unrs/resolver-binding-android-arm-eabi'), { os: ['android'], cpu: ['arm'] })
    assert.equal(platformOf('left-pad'), undefined)
  })
})

describe('missingOptionals and lockEntry', () => {
  const lock = {
    packages: {
      '': { name: 'x' },
      'node_modules/r': {
        version: '1.0.0',
        dev: true,
        license: 'MIT',
        optionalDependencies: { 'b-linux-x64-gnu': '1.0.0', 'b-darwin-arm64': '1.0.0' }
      },
      'node_modules/b-linux-x64-gnu': { version: '1.0.0', optional: true }
    }
  }

  it('lists the optional builds without an entry', () => {
    assert.deepEqual(
      missingOptionals(lock).map(m => m.path),
      ['node_modules/b-darwin-arm64']
    )
  })

  it('writes an entry from the manifest, with its integrity, or from the name without one', () => {
    const parent = lock.packages['node_modules/r']
    const manifest = { license: 'Apache-2.0', cpu: ['arm64'], os: ['darwin'], dist: { integrity: 'sha512-x' } }
    assert.deepEqual(lockEntry('b-darwin-arm64', '1.0.0', parent, manifest), {
      version: '1.0.0',
      integrity: 'sha512-x',
      cpu: ['arm64'],
      dev: true,
      license: 'Apache-2.0',
      optional: true,
      os: ['darwin']
    })
    assert.deepEqual(lockEntry('b-darwin-arm64', '1.0.0', parent, undefined), {
      version: '1.0.0',
      cpu: ['arm64'],
      dev: true,
      license: 'MIT',
      optional: true,
      os: ['darwin']
    })
    assert.throws(() => lockEntry('b-universal', '1.0.0', parent, undefined), /no manifest and no platform/)
  })

  it("finds nothing missing in this project's lock", () => {
    assert.deepEqual(missingOptionals(JSON.parse(readFileSync('package-lock.json', 'utf8'))), [])
  })
})
