import { afterEach, expect } from '@jest/globals'
import { ServiceClient, type ClientOptions } from '../../src/service/client.js'
import { failureText } from '../../src/report/failure-text.js'
import { ServiceError } from '../../src/service/errors.js'
import { DEFAULT_RETRY_POLICY } from '../../src/service/retry.js'
import { startSimulator, type Simulator } from '../../sim/index.js'

/**
 * A service client for in-process tests: its log and the waits it would take are recorded, never slept. Its deadline
 * is one no busy machine reaches (a test reads a 64 MiB answer, slow beside CPU-bound work): a test of a
 * deadline sets its own.
 */
export function recordingClient(url: string, token: string, overrides: Partial<ClientOptions> = {}) {
  const log: string[] = []
  const waits: number[] = []
  const client = new ServiceClient({
    baseUrl: new URL(url),
    token,
    timeoutMs: 120_000,
    retry: DEFAULT_RETRY_POLICY,
    log: line => log.push(line),
    sleep: async ms => {
      waits.push(ms)
    },
    random: () => 0.5,
    ...overrides
  })
  return { client, log, waits }
}

/** Two attempts a request, 1 ms apart: a test of what a failure leaves, without the default's five. */
export const QUICK_RETRY: Partial<ClientOptions> = {
  retry: { ...DEFAULT_RETRY_POLICY, maxAttempts: 2, baseDelayMs: 1 }
}

/**
 * The ServiceError a request failed with, and the sentence the report writes of it for the operation `label`;
 * fails the test when it succeeded or failed otherwise.
 */
export async function failure(
  promise: Promise<unknown>,
  label = 'list-dlq'
): Promise<{ error: ServiceError; message: string; status?: number }> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e
  )
  expect(err).toBeInstanceOf(ServiceError)
  const error = err as ServiceError
  const status = error.status
  return { error, message: failureText(label, error.failure), ...(status !== undefined ? { status } : {}) }
}

/** Starts a simulator and a recording client to it, per test, both closed after the test (registered here). */
export function simulatorPerTest(
  token: string
): (options: Parameters<typeof startSimulator>[0]) => Promise<{ s: Simulator; c: ServiceClient }> {
  let open: { s: Simulator; c: ServiceClient } | undefined
  afterEach(async () => {
    await open?.c.close()
    await open?.s.close()
    open = undefined
  })
  return async options => {
    const s = await startSimulator({ ...options, token })
    open = { s, c: recordingClient(s.url, token).client }
    return open
  }
}
