import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_SQLITE_VERSION, createSqliteDatabase, type Database } from './database';

function versionAtLeast(actual: string, minimum: string): boolean {
  const a = actual.split('.').map(Number);
  const m = minimum.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, m.length); i++) {
    const d = (a[i] ?? 0) - (m[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return true;
}

describe('SQLite runtime settings', () => {
  let dir: string | undefined;
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    database = undefined;
    dir = undefined;
  });

  it('a file database runs WAL, synchronous=FULL, foreign keys, a busy timeout, on a fixed SQLite', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'antrean-sqlite-'));
    // A nested directory that does not exist yet: opening creates it.
    database = createSqliteDatabase(path.join(dir, 'nested', 'antrean.sqlite'));
    const sqlite = database.sqlite;
    if (!sqlite) throw new Error('no SQLite handle');
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    const { v } = sqlite.prepare('select sqlite_version() as v').get() as { v: string };
    expect(MIN_SQLITE_VERSION).toBe('3.51.3');
    expect(versionAtLeast(v, MIN_SQLITE_VERSION), `sqlite ${v}`).toBe(true);
  });
});
