import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  holidaysContract,
  type HolidayListQuerySchema,
  type NationalHolidaysBody,
  type UpdateHolidayBody,
} from '@antrean/shared/contracts/holidays.contract';
import { api } from '@/lib/api';

type HolidayListInput = z.input<typeof HolidayListQuerySchema>;

/** Query keys of the holidays page; `all` is the prefix every change invalidates. */
const holidayKeys = {
  all: ['holidays'] as const,
  list: (query: HolidayListInput) => ['holidays', 'list', query] as const,
};

export function holidayListQueryOptions(query: HolidayListInput) {
  return queryOptions({
    queryKey: holidayKeys.list(query),
    queryFn: ({ signal }) => api.call(holidaysContract.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: holidayKeys.all });
}

export function useCreateHoliday() {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: (body: { date: string; name: string; branchId: string | null }) =>
      api.call(holidaysContract.create, { body }),
    onSettled,
  });
}

export function useUpdateHoliday() {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: ({ holidayId, body }: { holidayId: string; body: UpdateHolidayBody }) =>
      api.call(holidaysContract.update, { params: { holidayId }, body }),
    onSettled,
  });
}

export function useDeleteHoliday() {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: (holidayId: string) => api.call(holidaysContract.remove, { params: { holidayId } }),
    onSettled,
  });
}

export function useLoadNationalHolidays() {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: (body: NationalHolidaysBody) => api.call(holidaysContract.loadNational, { body }),
    onSettled,
  });
}
