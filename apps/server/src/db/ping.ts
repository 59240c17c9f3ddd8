import { sql } from 'kysely';
import type { Database } from './database';

/** A trivial round trip: is the database answering? */
export async function pingDatabase(database: Database): Promise<void> {
  await sql`select 1`.execute(database.db);
}
