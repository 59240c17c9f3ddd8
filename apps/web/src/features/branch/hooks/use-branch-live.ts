import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveMessageOf } from '@antrean/shared/live/events';
import { staffTopics } from '@/lib/live-topics';
import { useLiveTopicOf, type LiveTopicState } from '@/lib/use-live';

/** A reducer for screens that only need to know that something happened: counts the messages. */
export const countMessages = (state: number | undefined): number => (state ?? 0) + 1;

/**
 * "Sockets notify, queries fetch" for a branch: subscribes to the `branch:<id>` topic (nothing
 * while `branchId` is empty), folds its messages with `reduce`, and invalidates the `invalidate`
 * queries on every snapshot and event. Messages are typed and checked by the shared event map.
 */
export function useBranchLive<T>(
  branchId: string,
  invalidate: readonly QueryKey[],
  reduce: (state: T | undefined, message: LiveMessageOf<'branch'>) => T,
): LiveTopicState<T> {
  const queryClient = useQueryClient();
  const live = useLiveTopicOf(branchId ? staffTopics.branch(branchId) : null, reduce);
  // The keys of the latest render, without re-running the effect when the caller builds a new array.
  const keys = useRef(invalidate);
  useEffect(() => {
    keys.current = invalidate;
  });
  useEffect(() => {
    if (live.version === 0 || !branchId) return;
    for (const queryKey of keys.current) void queryClient.invalidateQueries({ queryKey });
  }, [live.version, branchId, queryClient]);
  return live;
}
