/**
 * The clock a health check judges ages on: the service's Date where it can be used, else the runner's, saying why.
 * Real client over sockets against the simulator, its Date headers faulted as wire-contract section 5 says.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { DAY, HOUR } from '../../src/constants.js'
import { judged } from '../../src/operations/health.js'
import { ageClock, listDlq } from '../../src/operations/list-dlq.js'
import { listReport } from '../../src/report/list.js'
import type { ListRequest } from '../../src/requests.js'
import type { ServiceClient } from '../../src/service/client.js'
import { recordingClient } from '../support/client.js'
import { startSimulator, type ServerVariants, type Simulator } from '../../sim/index.js'

const T0 = Date.UTC(2026, 10, 28, 12, 0, 0)
const TOKEN = 'List-Clock-4e1d7a'
let sim: Simulator
let client: ServiceClient

async function start(variants: Partial<ServerVariants>, skew = 0): Promise<void> {
  sim = await startSimulator({ token: TOKEN, messages: 50, now: T0 + skew, clock: () => T0 + skew, variants })
  client = recordingClient(sim.url, TOKEN).client
}

afterEach(async () => {
  await client.close()
  await sim.close()
})

const request: ListRequest = { filters: {}, pageSize: 100, order: 'earliestFirst', maxPages: 100, concurrency: 1 }

/** The check as the action runs it: listed, the clock chosen, judged on it (a message older than 8 days fails it). */
async function check() {
  const found = await listDlq(client, request, { now: T0 })
  const { now, clock } = ageClock(client, T0)
  return { now, result: { ...judged(found, { oldestOlderThanMs: 8 * DAY }, now), clock } }
}

describe("a Date that cannot be used: ages judged on the runner's clock, and the summary says why", () => {
  it.each([
    ['no HTTP date (`Date: 1`, read as 2001 by Date.parse)', { dateLiteral: '1' }, 'is not an HTTP date'],
    ['stale (a cache, Age 2 h)', { cachedDateAgeSeconds: 7_200 }, 'a cache served its answer (Age 7200 s)']
  ])('%s', async (_, variants, why) => {
    await start(variants)
    const { now, result } = await check()
    expect(now).toBe(T0)
    expect(result.clock).toMatchObject({ by: 'runner', fault: expect.anything() })
    // The seeded messages are at most 7 days old on the runner's clock: none is in the future, the check passes.
    expect(result.oldestCreatedAt).toBeLessThanOrEqual(T0)
    expect(result.health.breaches).toEqual([])
    const summary = listReport.summary(result, {}, { now })
    expect(summary).toContain(
      `- Ages judged on: the runner's clock, as ${why.startsWith('is') ? 'its Date header' : ''}`
    )
    expect(summary).toContain(why)
    expect(listReport.warnings(result).join('\n')).toContain(`ages were judged on the runner's clock`)
  })
})

describe("a usable Date: ages judged on the service's clock, skewed as it is", () => {
  it.each([
    ['2 hours ahead', 2 * HOUR],
    ['2 hours behind', -2 * HOUR]
  ])('%s', async (_, skew) => {
    await start({}, skew)
    const { now, result } = await check()
    expect(now).toBe(T0 + skew)
    expect(result.clock).toEqual({ by: 'service', runnerSkewMs: skew })
    expect(listReport.summary(result, {}, { now })).toContain(
      `- Ages judged on: the service's clock (its Date header), 2h ${skew > 0 ? 'ahead of' : 'behind'} the runner's`
    )
    expect(listReport.warnings(result)).toEqual([])
  })
})
