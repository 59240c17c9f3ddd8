import type { Migration, MigrationProvider } from 'kysely';
import * as m20261122_0001 from './20261122_0001_initial';

/** Static provider: migrations are bundled with the server, no directory scanning at run time. */
export const migrationProvider: MigrationProvider = {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve({
      '20261122_0001_initial': m20261122_0001,
    });
  },
};
