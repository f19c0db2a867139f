import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // One server and one browser at a time: the machine has two cores.
    fileParallelism: false,
    // A browser on a busy two-core machine can take more than vitest's default second to show a change.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
