/** What the global setup hands to every test file (through vitest's provide/inject). */
export type TestDbKind = 'sqlite' | 'postgres';

export interface TestDbContext {
  /** `ANTREAN_TEST_DB`: which database the DB tier runs on. */
  kind: TestDbKind;
  /** `ANTREAN_TEST_PG_URL`: the admin connection for CREATE/DROP DATABASE. */
  adminUrl: string;
  /** Unique per run; every database of the run is named `antrean_t_<runId>_…`. */
  runId: string;
  /** Did PostgreSQL answer when the run started? */
  pgAvailable: boolean;
  /** The migrated template database (postgres mode only). */
  template: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    antreanTestDb: TestDbContext;
  }
}

export function testDbKindFromEnv(env: NodeJS.ProcessEnv = process.env): TestDbKind {
  const value = env.ANTREAN_TEST_DB ?? 'sqlite';
  if (value !== 'sqlite' && value !== 'postgres') {
    throw new Error(`ANTREAN_TEST_DB must be "sqlite" or "postgres", not "${value}"`);
  }
  return value;
}
