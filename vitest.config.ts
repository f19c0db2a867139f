import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Unit and API tests; the browser tests in e2e/ run separately against the built app (`npm run test:e2e`).
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'apps/web/build/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each API test file starts its own embedded database process; two cores run two at a time.
    maxWorkers: 2,
  },
});
