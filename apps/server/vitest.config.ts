import { defineConfig } from 'vitest/config';

/**
 * Server tests: `npx vitest run` (SQLite in memory) and `ANTREAN_TEST_DB=postgres npx vitest run`
 * (a database per test file, cloned from a template the global setup migrates once).
 * ANTREAN_TEST_PG_URL overrides the PostgreSQL admin URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    // argon2id hashing costs 50-150 ms and PostgreSQL databases are created per file.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    teardownTimeout: 30_000,
  },
});
