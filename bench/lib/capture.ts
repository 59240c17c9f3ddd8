/**
 * Records the exact SQL the real issuance handler sends: the whole app is built in-process on a
 * Kysely that logs every query (sharing the benchmark's database handle), and a few kiosk
 * issuance requests are injected. The raw ceiling replays these statement texts and is checked
 * against the captured parameters (see raw-issue.ts), so "same SQL" is verified, not assumed.
 */
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely';
import type { Database } from '../../apps/server/src/db/database';
import type { DB } from '../../apps/server/src/db/schema';
import { loadConfig } from '../../apps/server/src/config/env';
import { ManualClock } from '../../apps/server/src/lib/clock';
import { buildApp } from '../../apps/server/src/app';

export interface CapturedQuery {
  sql: string;
  parameters: readonly unknown[];
}

interface IssuedBody {
  id: string;
  number: string;
  uniqueCode: string;
  peopleAhead: number;
  estimatedWait: { minSeconds: number; maxSeconds: number };
}

export interface CapturedRequest {
  /** Everything the request ran, in order (auth lookups, begin … commit). */
  queries: CapturedQuery[];
  status: number;
  body: IssuedBody;
  key: string;
  now: number;
}

function loggingDatabase(database: Database, sink: CapturedQuery[]): Database {
  // Kysely logs every query once, as 'query' or (when it failed) 'error'.
  const log = (event: LogEvent): void => {
    sink.push({ sql: event.query.sql, parameters: event.query.parameters });
  };
  if (database.kind === 'sqlite') {
    if (!database.sqlite) throw new Error('no sqlite handle');
    return {
      ...database,
      db: new Kysely<DB>({ dialect: new SqliteDialect({ database: database.sqlite }), log }),
      close: () => Promise.resolve(),
    };
  }
  if (!database.pool) throw new Error('no pg pool');
  return {
    ...database,
    db: new Kysely<DB>({ dialect: new PostgresDialect({ pool: database.pool }), log }),
    close: () => Promise.resolve(),
  };
}

function isIssuedBody(value: unknown): value is IssuedBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    'number' in value &&
    'uniqueCode' in value &&
    'estimatedWait' in value
  );
}

/**
 * Issues `count` tickets through the full app (kiosk header, Idempotency-Key, X-Forwarded-For) and
 * returns what each request ran. The clock is fixed per request so parameters can be checked.
 */
export async function captureIssuance(
  database: Database,
  target: { branchId: string; serviceId: string; kioskCode: string },
  count = 3,
  startAt = Date.now(),
): Promise<CapturedRequest[]> {
  const sink: CapturedQuery[] = [];
  const clock = new ManualClock(startAt);
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: '/tmp/antrean-bench-unused',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
  });
  const app = await buildApp(
    { config, database: loggingDatabase(database, sink), clock },
    { logger: false, timers: false },
  );
  const requests: CapturedRequest[] = [];
  try {
    for (let i = 0; i < count; i++) {
      clock.advance(1000);
      sink.length = 0;
      const key = `capture-${startAt}-${i}`;
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/branches/${target.branchId}/tickets`,
        headers: {
          'content-type': 'application/json',
          'x-kiosk-code': target.kioskCode,
          'idempotency-key': key,
          'x-forwarded-for': `10.250.0.${i + 1}`,
        },
        payload: JSON.stringify({ serviceId: target.serviceId, channel: 'kiosk' }),
      });
      const body: unknown = response.json();
      if (response.statusCode !== 201 || !isIssuedBody(body)) {
        throw new Error(`capture: issuance answered ${response.statusCode} ${response.body}`);
      }
      requests.push({ queries: [...sink], status: response.statusCode, body, key, now: clock.now() });
    }
  } finally {
    await app.close();
  }
  return requests;
}
