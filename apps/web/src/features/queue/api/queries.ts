import { queryOptions } from '@tanstack/react-query';
import { monitorContract } from '@antrean/shared/contracts/monitor.contract';
import { ticketsContract } from '@antrean/shared/contracts/tickets.contract';
import { api } from '@/lib/api';
import { monitorKeys, ticketKeys } from './keys';

/** Today's queue of a branch; live events invalidate it ("sockets notify, Query fetches"). */
export function branchQueueQueryOptions(branchId: string) {
  return queryOptions({
    queryKey: ticketKeys.queue(branchId),
    queryFn: ({ signal }) => api.call(ticketsContract.queue, { params: { branchId }, signal }),
    enabled: branchId !== '',
    staleTime: 0,
  });
}

/** One ticket with its history (the detail drawer, the operator's last ticket). */
export function ticketQueryOptions(ticketId: string) {
  return queryOptions({
    queryKey: ticketKeys.detail(ticketId),
    queryFn: ({ signal }) => api.call(ticketsContract.get, { params: { ticketId }, signal }),
    enabled: ticketId !== '',
  });
}

/** The branch a supervisor types the code of (403/404 are answers, not retried). */
export function branchByCodeQueryOptions(code: string) {
  return queryOptions({
    queryKey: monitorKeys.branchByCode(code),
    queryFn: ({ signal }) => api.call(monitorContract.branchByCode, { params: { code }, signal }),
    enabled: code !== '',
    retry: false,
  });
}

/** How often the monitor is refetched besides live events (device "last seen" moves without events). */
const MONITOR_REFRESH_MS = 15_000;

/** The supervisor's table of a branch: counters, services, devices. */
export function monitorQueryOptions(branchId: string) {
  return queryOptions({
    queryKey: monitorKeys.branch(branchId),
    queryFn: ({ signal }) => api.call(monitorContract.monitor, { params: { branchId }, signal }),
    enabled: branchId !== '',
    refetchInterval: MONITOR_REFRESH_MS,
    staleTime: 0,
  });
}
