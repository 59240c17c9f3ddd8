import { infiniteQueryOptions } from '@tanstack/react-query';
import { ticketListContract, type TicketList } from '@antrean/shared/contracts/ticket-list.contract';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import { api } from '@/lib/api';
import { ticketKeys, type TicketListFilter } from './keys';

/**
 * Today's tickets of a branch with these filters, page by page (`fetchNextPage` follows the
 * server's cursor). Live events invalidate it; the screens never keep the list themselves.
 */
export function ticketListQueryOptions(branchId: string, filter: TicketListFilter) {
  return infiniteQueryOptions({
    queryKey: ticketKeys.list(branchId, filter),
    // The page param is the server's cursor; annotating it here types `initialPageParam: null` as `string | null`.
    queryFn: ({
      pageParam,
      signal,
    }: {
      pageParam: string | null;
      signal: AbortSignal;
    }): Promise<TicketList> =>
      api.call(ticketListContract.list, {
        params: { branchId },
        query: pageParam === null ? filter : { ...filter, cursor: pageParam },
        signal,
      }),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: branchId !== '',
    staleTime: 0,
  });
}

/** Every ticket of the loaded pages, in the server's order (a ticket seen twice keeps its first place). */
export function ticketsOfPages(pages: readonly TicketList[] | undefined): Ticket[] {
  const seen = new Set<string>();
  const out: Ticket[] = [];
  for (const page of pages ?? []) {
    for (const ticket of page.items) {
      if (seen.has(ticket.id)) continue;
      seen.add(ticket.id);
      out.push(ticket);
    }
  }
  return out;
}

/** Ids of the loaded tickets that carry e-form answers. */
export function eformIdsOfPages(pages: readonly TicketList[] | undefined): Set<string> {
  return new Set((pages ?? []).flatMap((page) => page.eformTicketIds));
}
