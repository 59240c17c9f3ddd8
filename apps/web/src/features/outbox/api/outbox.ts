import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { outboxContract, type OutboxListQuerySchema } from '@antrean/shared/contracts/outbox.contract';
import { api } from '@/lib/api';

/** The list query as the page sends it (the URL's paging, search, sort and status filter). */
export type OutboxListInput = z.input<typeof OutboxListQuerySchema>;

/** Query keys of the outbox page; `all` is the prefix a retry invalidates. */
const outboxKeys = {
  all: ['outbox'] as const,
  list: (query: OutboxListInput) => ['outbox', 'list', query] as const,
};

/** One page of the tenant's messages; the previous page stays on screen while the next loads. */
export function outboxListQueryOptions(query: OutboxListInput) {
  return queryOptions({
    queryKey: outboxKeys.list(query),
    queryFn: ({ signal }) => api.call(outboxContract.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Queues a failed message again (the server refuses any other status). */
export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => api.call(outboxContract.retry, { params: { messageId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}
