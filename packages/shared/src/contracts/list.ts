import { z } from 'zod';

/**
 * The list contract every admin page reuses: server-side paging (offset, with the total),
 * a free-text search, one sort field with a direction, and the page's own filters. The web
 * data table keeps the same parameters in the URL.
 */
export const LIST_PAGE_SIZES = [10, 20, 50, 100] as const;
export const LIST_DEFAULT_PAGE_SIZE = 20;
const LIST_MAX_PAGE_SIZE = 100;
const LIST_SEARCH_MAX = 100;
const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The parameters every list takes, whatever it lists. */
const ListParamsSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIST_MAX_PAGE_SIZE).default(LIST_DEFAULT_PAGE_SIZE),
  /** Free text: what it matches is the list's own business (a counter's name or number, …). */
  q: z
    .string()
    .trim()
    .max(LIST_SEARCH_MAX)
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  dir: z.enum(SORT_DIRECTIONS).default('asc'),
});

/**
 * A list's query schema: the common parameters, `sort` among the list's sortable fields
 * (`defaultSort` when absent) and the list's filters (each optional or required as declared).
 */
export function listQuerySchema<
  const F extends readonly [string, ...string[]],
  S extends z.ZodRawShape,
>(options: { sortFields: F; defaultSort: F[number]; filters: S }) {
  return ListParamsSchema.extend({
    sort: z.enum(options.sortFields).default(options.defaultSort),
    ...options.filters,
  });
}

/** One page of a list: the items, how many match in all, and which page this is. */
export function listPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}

/** The paging part of a parsed list query (what a repository's page helper takes). */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** How many pages `total` items make (at least one, so "page 1 of 1" for an empty list). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
