import type { Config } from '../config/env';
import { createPostgresDatabase, createSqliteDatabase, migrateToLatest, type Database } from './database';

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: Config): Promise<Database> {
  const database =
    config.database.kind === 'postgres'
      ? createPostgresDatabase(config.database.url, config.database.poolSize)
      : createSqliteDatabase(config.database.file);
  await migrateToLatest(database);
  return database;
}
