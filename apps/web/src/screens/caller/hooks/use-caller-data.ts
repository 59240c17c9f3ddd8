import { useMemo } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import type { CounterChoice } from '@/features/auth/lib/counter-choice';
import { branchQueueQueryOptions } from '@/features/queue/api/queries';
import { ticketListQueryOptions, ticketsOfPages } from '@/features/queue/api/ticket-list';
import { HISTORY_FILTER } from '@/features/queue/lib/history';
import {
  branchCountersQueryOptions,
  branchesQueryOptions,
  branchServicesQueryOptions,
} from '@/lib/queries/branches';
import { historyFor } from '../lib/queue-view';

/** What the caller screen reads: the branch, its services and counters, today's queue. */
export function useCallerData({ branchId, counterId, serviceIds }: CounterChoice) {
  const branches = useQuery(branchesQueryOptions());
  const services = useQuery(branchServicesQueryOptions(branchId));
  const counters = useQuery(branchCountersQueryOptions(branchId));
  const queue = useQuery(branchQueueQueryOptions(branchId));

  const serviceList = useMemo(() => services.data ?? [], [services.data]);
  const serviceById = useMemo(() => new Map(serviceList.map((s) => [s.id, s])), [serviceList]);
  const loading = branches.isPending || services.isPending || counters.isPending;
  const catalogError = branches.error ?? services.error ?? counters.error;
  const counter = counters.data?.find((c) => c.id === counterId);
  const chosenServices = serviceList.filter((s) => serviceIds.includes(s.id));
  return {
    queue,
    branch: branches.data?.find((b) => b.id === branchId),
    counter,
    serviceList,
    serviceById,
    chosenServices,
    loading,
    loadError: catalogError ?? queue.error,
    /** The stored choice no longer matches the branch (counter or services gone). */
    stale: !loading && !catalogError && (!counter || chosenServices.length === 0),
  };
}

/**
 * Today's history of this caller: the server's list (it survives a reload; live events refetch
 * it) merged with the newer versions the screen already has (its own answers, live events).
 */
export function useCallerHistory(branchId: string, userId: string, newer: readonly Ticket[]) {
  const query = useInfiniteQuery(ticketListQueryOptions(branchId, HISTORY_FILTER));
  const tickets = useMemo(
    () => historyFor([...ticketsOfPages(query.data?.pages), ...newer], userId),
    [query.data, newer, userId],
  );
  return { query, tickets };
}
