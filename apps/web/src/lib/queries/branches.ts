import { queryOptions } from '@tanstack/react-query';
import { branchesContract } from '@antrean/shared/contracts/branches.contract';
import { catalogContract } from '@antrean/shared/contracts/catalog.contract';
import { api } from '../api';

/**
 * Branch reads shared by several areas (dashboard home, caller sign-in, caller screen). One
 * definition per endpoint keeps the cache keys consistent.
 */
const branchKeys = {
  all: ['branches'] as const,
  services: (branchId: string) => ['branches', branchId, 'services'] as const,
  counters: (branchId: string) => ['branches', branchId, 'counters'] as const,
};

/** The reads a `catalog.changed` of the branch makes stale: its services and its counters. */
export function branchCatalogKeys(branchId: string): readonly (readonly string[])[] {
  return [branchKeys.services(branchId), branchKeys.counters(branchId)];
}

export function branchesQueryOptions() {
  return queryOptions({
    queryKey: branchKeys.all,
    queryFn: ({ signal }) => api.call(branchesContract.list, { signal }),
    select: (data) => data.items,
  });
}

export function branchServicesQueryOptions(branchId: string) {
  return queryOptions({
    queryKey: branchKeys.services(branchId),
    queryFn: ({ signal }) => api.call(catalogContract.branchServices, { params: { branchId }, signal }),
    select: (data) => data.items,
    enabled: branchId !== '',
  });
}

export function branchCountersQueryOptions(branchId: string) {
  return queryOptions({
    queryKey: branchKeys.counters(branchId),
    queryFn: ({ signal }) => api.call(catalogContract.branchCounters, { params: { branchId }, signal }),
    select: (data) => data.items,
    enabled: branchId !== '',
  });
}
