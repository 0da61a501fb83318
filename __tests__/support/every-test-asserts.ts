/**
 * Loaded before every test file (jest.config.js setupFilesAfterEnv): a test that makes no assertion fails, so that
 * none passes by asserting nothing.
 */
import { beforeEach, expect } from '@jest/globals'

beforeEach(() => {
  expect.hasAssertions()
})
