import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'testing/**/*.test.ts'],
    environment: 'node',
    // Property tests (fast-check, ≥ 1000 runs) are CPU-bound: give them room on a busy CI box.
    testTimeout: 30_000,
  },
});
