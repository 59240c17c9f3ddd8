import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { schedulesContract } from '@antrean/shared/contracts/schedules.contract';
import type { ScheduleRow } from '@antrean/shared/domain/branch-schedule';
import { api } from '@/lib/api';

const scheduleKeys = {
  branch: (branchId: string) => ['branches', 'admin', 'schedules', branchId] as const,
};

/** Every schedule row of a branch (all its services). */
export function branchSchedulesQueryOptions(branchId: string) {
  return queryOptions({
    queryKey: scheduleKeys.branch(branchId),
    queryFn: ({ signal }) => api.call(schedulesContract.list, { params: { branchId }, signal }),
    select: (data) => data.items,
  });
}

/** Saves a service's rows at once. */
export function useSaveServiceSchedule(branchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceId, rows }: { serviceId: string; rows: ScheduleRow[] }) =>
      api.call(schedulesContract.replace, { params: { branchId, serviceId }, body: { rows } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.branch(branchId) }),
  });
}

/** Sets the interval and hourly limit of every row of a service. */
export function useSetScheduleInterval(branchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      serviceId,
      body,
    }: {
      serviceId: string;
      body: { interval: ScheduleRow['interval']; hourlyLimit: number };
    }) => api.call(schedulesContract.setInterval, { params: { branchId, serviceId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.branch(branchId) }),
  });
}
