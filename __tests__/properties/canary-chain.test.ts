/**
 * Properties of a chain of resume steps over the simulator (issue 35, item 7): random service behaviour within what
 * the wire contract says real servers do, random stage plans and selections, and the chain a workflow runs from the
 * outputs; after every chain, the invariants of canary-invariants.ts. A fixed seed, so CI runs the same cases; a
 * failure prints its seed, path and shrunk scenario: keep it as a fixed case in canary-chain-cases.test.ts.
 */
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { runChain } from '../support/canary-chain.js'
import { scenarios } from '../support/canary-scenarios.js'
import { ALL_INVARIANTS, chainText, INVARIANTS, violationsOf, type Invariant } from '../support/canary-invariants.js'

/**
 * CHAIN_SEED=n and CHAIN_RUNS=n explore beyond what CI runs, to find new cases; CHAIN_INVARIANTS=all (or names,
 * comma-separated) checks those in the first property instead of ENABLED.
 */
const SEED = Number(process.env.CHAIN_SEED ?? 35_007)
const RUNS = Number(process.env.CHAIN_RUNS ?? 100)
const asked = process.env.CHAIN_INVARIANTS
const enabled: readonly Invariant[] =
  asked === undefined || asked === 'all' ? ALL_INVARIANTS : (asked.split(',') as Invariant[])

/** Runs the chain of each scenario and fails with every breach of `invariants`, and the chain in a few lines. */
async function holds(arbitrary: fc.Arbitrary<Parameters<typeof runChain>[0]>, invariants: readonly Invariant[]) {
  await fc.assert(
    fc.asyncProperty(arbitrary, async scenario => {
      const chain = await runChain(scenario)
      const found = violationsOf(chain, invariants)
      // Empty when every invariant holds; else each breach and the chain, as fast-check's failure shows them.
      const lines = found.map(v => `${v.invariant}: ${v.says} [${INVARIANTS[v.invariant]}]`)
      expect(lines.length === 0 ? '' : `${lines.join('\n')}\n${chainText(chain)}`).toBe('')
    }),
    { seed: SEED, numRuns: RUNS }
  )
}

describe('a chain of resume steps over the simulator', () => {
  it(`holds ${enabled.join(', ')}, whatever the service does within wire-contract section 5`, async () => {
    await holds(scenarios(), enabled)
  }, 300_000)
})
