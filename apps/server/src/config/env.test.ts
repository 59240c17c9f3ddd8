import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPostgresUrl, loadConfig } from './env';

describe('loadConfig', () => {
  it('selects PostgreSQL for a postgres:// or postgresql:// DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/antrean' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/antrean',
      poolSize: 10,
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/antrean' }).database.kind).toBe('postgres');
  });

  it('takes the PostgreSQL pool size from DATABASE_POOL_SIZE (2–200) and refuses anything else', () => {
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/antrean', DATABASE_POOL_SIZE: '25' }).database,
    ).toMatchObject({ poolSize: 25 });
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/antrean', DATABASE_POOL_SIZE: '1' })).toThrow();
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/antrean', DATABASE_POOL_SIZE: 'many' })).toThrow();
  });

  it('uses SQLite at DATA_DIR/antrean.sqlite otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/antrean' }).database).toEqual({
      kind: 'sqlite',
      file: path.join('/var/lib/antrean', 'antrean.sqlite'),
    });
    // Not a PostgreSQL URL: still the embedded database (in the default data directory).
    expect(loadConfig({ DATABASE_URL: 'mysql://db/antrean' }).database).toEqual({
      kind: 'sqlite',
      file: path.resolve('data', 'antrean.sqlite'),
    });
    expect(loadConfig({ DATABASE_URL: '' }).database.kind).toBe('sqlite');
  });

  it('never seeds in production, even when ANTREAN_SEED=demo', () => {
    expect(loadConfig({ NODE_ENV: 'production', ANTREAN_SEED: 'demo' }).seed).toBe('none');
    expect(loadConfig({ NODE_ENV: 'production' }).seed).toBe('none');
  });

  it('seeds the demo by default outside production, unless ANTREAN_SEED=none', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).seed).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'test', ANTREAN_SEED: 'none' }).seed).toBe('none');
  });

  it('rejects an invalid environment', () => {
    expect(() => loadConfig({ PORT: 'not-a-port' })).toThrow();
    expect(() => loadConfig({ ANTREAN_SEED: 'everything' })).toThrow();
  });

  it('isPostgresUrl accepts only postgres schemes', () => {
    expect(isPostgresUrl('postgres://x')).toBe(true);
    expect(isPostgresUrl('postgresql://x')).toBe(true);
    expect(isPostgresUrl('sqlite://x')).toBe(false);
    expect(isPostgresUrl(undefined)).toBe(false);
  });
});
