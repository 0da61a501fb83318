/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }] },
  // unit/ (pure, no dist/) and e2e/ (dist/ run over sockets); `npm run test:unit` runs the first alone.
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  // Only with --coverage (npm test): what ships, measured by the unit tests (the bundle runs in child processes).
  collectCoverageFrom: ['src/**/*.ts'],
  coverageReporters: ['text-summary'],
  // The level measured when coverage was first collected (November 2026), rounded down a little.
  coverageThreshold: { global: { statements: 80, branches: 72, functions: 80, lines: 81 } },
  testTimeout: 30000,
  maxWorkers: 2
}
