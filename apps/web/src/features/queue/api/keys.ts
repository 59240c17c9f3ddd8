import type { z } from 'zod';
import type { TicketListQuerySchema } from '@antrean/shared/contracts/ticket-list.contract';

/** The filters of the staff ticket list (everything but the cursor), as sent in the query string. */
export type TicketListFilter = Omit<z.input<typeof TicketListQuerySchema>, 'cursor'>;

/**
 * The query keys of the live queue screens (caller, operator, supervisor), one factory per area.
 * `ticketKeys.all` prefixes every ticket query (what a live event may have changed).
 */
export const ticketKeys = {
  all: ['tickets'] as const,
  /** Today's queue of a branch (the board). */
  queue: (branchId: string) => ['tickets', 'queue', branchId] as const,
  /** Prefix of every ticket list of a branch. */
  lists: (branchId: string) => ['tickets', 'list', branchId] as const,
  list: (branchId: string, filter: TicketListFilter) => ['tickets', 'list', branchId, filter] as const,
  /** Prefix of every single ticket. */
  details: () => ['tickets', 'detail'] as const,
  detail: (ticketId: string) => ['tickets', 'detail', ticketId] as const,
};

export const monitorKeys = {
  branchByCode: (code: string) => ['monitor', 'branch-by-code', code] as const,
  branch: (branchId: string) => ['monitor', 'branch', branchId] as const,
};
