/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }] },
  // unit/ (pure, no dist/) and e2e/ (dist/ run over sockets); `npm run test:unit` runs the first alone.
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  // A test that asserts nothing fails.
  setupFilesAfterEnv: ['<rootDir>/__tests__/support/every-test-asserts.ts'],
  // Only with --coverage (npm test): what ships, measured by the unit tests (the bundle runs in child processes).
  collectCoverageFrom: ['src/**/*.ts'],
  coverageReporters: ['text-summary'],
  // Measured when first collected (84.6% statements, 77.4% branches, 83.9% functions, 85.8% lines), rounded down.
  coverageThreshold: { global: { statements: 83, branches: 75, functions: 82, lines: 84 } },
  testTimeout: 30000,
  maxWorkers: 2
}
