import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { PageRequest, SortDirection } from '@antrean/shared/contracts/list';

/**
 * Helpers for repositories that answer a page of a list (the admin tables): the page's rows and
 * the total, a portable case-insensitive "contains" search, and a stable sort. Offset paging:
 * admin lists are small (tens to thousands of rows) and people jump to a page number; the
 * ticket history, which grows without bound, pages by cursor instead (ticket-list).
 */
export interface PageRows<O> {
  rows: O[];
  total: number;
}

/**
 * Runs `query` (already filtered and ordered) for one page, and counts every row it matches.
 * The count drops the query's selection and order; both run in the caller's transaction or
 * read, so the total and the page agree.
 */
export async function fetchPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  request: PageRequest,
): Promise<PageRows<O>> {
  // The generic builder loses the row type of the count; read it as what it is: one row, one column.
  const counted: unknown = await query
    .clearSelect()
    .clearOrderBy()
    .select(sql`count(*)`.as('total'))
    .executeTakeFirst();
  const total =
    typeof counted === 'object' && counted !== null && 'total' in counted ? Number(counted.total) : 0;
  if (total === 0) return { rows: [], total };
  const rows = await query
    .limit(request.pageSize)
    .offset((request.page - 1) * request.pageSize)
    .execute();
  return { rows, total };
}

/** `LIKE` wildcards in user text match themselves. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `column` contains `text`, ignoring case, the same on SQLite and PostgreSQL (PostgreSQL's
 * LIKE is case-sensitive, SQLite's is not: both compare lower-cased values here).
 */
export function containsText(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(cast(${sql.ref(column)} as text)) like ${likePattern(text)} escape '\\'`;
}

/**
 * Orders by the chosen column, then by `tieBreaker` (the id) so that equal values keep one
 * order across pages.
 */
export function orderForPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: string,
  dir: SortDirection,
  tieBreaker: string,
): SelectQueryBuilder<DB, TB, O> {
  return query.orderBy(sql.ref(column), dir).orderBy(sql.ref(tieBreaker), dir);
}
