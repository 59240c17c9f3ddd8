import type { SelectQueryBuilder } from 'kysely';
import type { DbKind } from './database';

/**
 * The ONLY place with dialect branches. SQLite has one writer (the connection mutex serialises
 * transactions), so row locks are no-ops there; PostgreSQL needs them.
 */
export function forUpdate<DB, TB extends keyof DB, O>(
  kind: DbKind,
  query: SelectQueryBuilder<DB, TB, O>,
  options: { skipLocked?: boolean } = {},
): SelectQueryBuilder<DB, TB, O> {
  if (kind !== 'postgres') return query;
  const locked = query.forUpdate();
  return options.skipLocked ? locked.skipLocked() : locked;
}
