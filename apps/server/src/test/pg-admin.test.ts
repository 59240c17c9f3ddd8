import { afterAll, describe, expect, it } from 'vitest';
import { testDbContext } from './db';
import { TEST_DB_PREFIX, createDatabase, dropStaleRunDatabases, hostTag, withAdminClient } from './pg-admin';

describe.skipIf(!testDbContext().pgAvailable)('test database housekeeping', () => {
  const dead = `${TEST_DB_PREFIX}${hostTag()}_999999999_${'a'.repeat(12)}_tpl`;
  const alive = `${TEST_DB_PREFIX}${hostTag()}_${process.pid}_${'b'.repeat(12)}_tpl`;
  const elsewhere = `${TEST_DB_PREFIX}${hostTag() === 'ffffff' ? 'eeeeee' : 'ffffff'}_999999999_${'c'.repeat(12)}_tpl`;

  afterAll(async () => {
    await withAdminClient(async (client) => {
      for (const name of [dead, alive, elsewhere]) await client.query(`drop database if exists "${name}"`);
    });
  });

  it('drops what killed runs on this host left, never a live run’s or another host’s', async () => {
    for (const name of [dead, alive, elsewhere]) await createDatabase(name);
    expect(await dropStaleRunDatabases()).toEqual([dead]);
    const { rows } = await withAdminClient((client) =>
      client.query<{ datname: string }>('select datname from pg_database where datname = any($1)', [
        [dead, alive, elsewhere],
      ]),
    );
    expect(rows.map((r) => r.datname).sort()).toEqual([alive, elsewhere].sort());
  });
});
