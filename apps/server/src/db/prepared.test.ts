import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeWithDb } from '../test/db';
import type { Database } from './database';
import { preparedQuery } from './prepared';

describeWithDb('preparedQuery', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const byName = preparedQuery<{ name: string; limit: number }>()((db, p) =>
    db
      .selectFrom('tenant_categories')
      .select(['name'])
      .where('name', '>=', p.name)
      // a constant stays a constant; the marker takes the caller's value every time
      .where('name', '!=', 'zzz')
      .orderBy('name')
      .limit(p.limit),
  );

  it('compiles once and binds new values on every run, on this database', async () => {
    for (const name of ['Bank', 'Pemerintahan', 'Rumah Sakit', 'zzz']) {
      await sql`insert into tenant_categories (id, name, created_at, updated_at) values (${name}, ${name}, 0, 0)`.execute(
        database.db,
      );
    }
    expect(await byName.all(database.db, { name: 'P', limit: 10 })).toEqual([
      { name: 'Pemerintahan' },
      { name: 'Rumah Sakit' },
    ]);
    expect(await byName.all(database.db, { name: 'A', limit: 1 })).toEqual([{ name: 'Bank' }]);
    expect(await byName.first(database.db, { name: 'S', limit: 5 })).toBeUndefined();
  });

  it('refuses a marker used as part of the SQL text instead of a value', async () => {
    const broken = preparedQuery<{ column: string }>()((db, p) =>
      db.selectFrom('tenant_categories').select(sql.ref(p.column).as('x')),
    );
    await expect(broken.all(database.db, { column: 'name' })).rejects.toThrow(/marker/);
  });
});
