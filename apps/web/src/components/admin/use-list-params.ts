import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LIST_DEFAULT_PAGE_SIZE, LIST_PAGE_SIZES, type SortDirection } from '@antrean/shared/contracts/list';

/** The state of a server-paged list, as kept in the URL (`?page=2&q=loket&sort=name&dir=desc`). */
export interface ListParams<S extends string> {
  page: number;
  pageSize: number;
  q: string;
  sort: S;
  dir: SortDirection;
}

function positiveInt(raw: string | null, fallback: number): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/**
 * A list's paging, search and sort in the URL search params, so a reload, the back button
 * and a shared link show the same page. Changing the search, the sort or the page size goes
 * back to page 1. Other params (the page's own filters) are left alone.
 */
export function useListParams<const S extends string>(
  sortFields: readonly S[],
  defaultSort: S,
  /** The direction when the URL names none (a log reads newest first: 'desc'). */
  defaultDir: SortDirection = 'asc',
) {
  const [search, setSearch] = useSearchParams();
  const params = useMemo((): ListParams<S> => {
    const sort = sortFields.find((f) => f === search.get('sort')) ?? defaultSort;
    const size = positiveInt(search.get('pageSize'), LIST_DEFAULT_PAGE_SIZE);
    const rawDir = search.get('dir');
    return {
      page: positiveInt(search.get('page'), 1),
      pageSize: LIST_PAGE_SIZES.find((s) => s === size) ?? LIST_DEFAULT_PAGE_SIZE,
      q: search.get('q') ?? '',
      sort,
      dir: rawDir === 'desc' ? 'desc' : rawDir === 'asc' ? 'asc' : defaultDir,
    };
  }, [search, sortFields, defaultSort, defaultDir]);

  const update = useCallback(
    (changes: Record<string, string | number | null>) => {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          const resetsPage = Object.keys(changes).some((k) => k !== 'page');
          if (resetsPage) next.delete('page');
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (next.get('page') === '1') next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setSearch],
  );

  /** Clicking a column: sort by it ascending, or flip the direction when it is already the sort. */
  const toggleSort = useCallback(
    (field: S) => {
      const dir = params.sort === field && params.dir === 'asc' ? 'desc' : 'asc';
      update({ sort: field, dir });
    },
    [params.sort, params.dir, update],
  );

  return { params, update, toggleSort, search };
}
