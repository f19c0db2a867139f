import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Unit and API tests; the browser tests in e2e/ run separately against the built app (`npm run test:e2e`).
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'apps/web/build/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One database server for the run and a migrated template each test file clones (test/globalSetup.ts).
    globalSetup: ['apps/server/src/test/globalSetup.ts'],
    maxWorkers: 2,
  },
});
