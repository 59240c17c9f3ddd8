import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveMessageOf } from '@antrean/shared/live/events';
import { staffTopics } from '@/lib/live-topics';
import { branchCatalogKeys } from '@/lib/queries/branches';
import { useLiveTopicOf, type LiveTopicState } from '@/lib/use-live';

/** A reducer for screens that only need to know that something happened: counts the messages. */
export const countMessages = (state: number | undefined): number => (state ?? 0) + 1;

interface Folded<T> {
  inner: T | undefined;
  /** Counts what may have changed the branch's services or counters (see below). */
  catalog: number;
}

/**
 * Whether a message may mean the branch's catalogue changed: a `catalog.changed` event, or a
 * snapshot after the first (a resubscription that could not replay what was missed).
 */
function catalogTouched(previous: Folded<unknown> | undefined, message: LiveMessageOf<'branch'>): boolean {
  if (message.kind === 'snapshot') return previous !== undefined;
  return message.type === 'catalog.changed';
}

/**
 * "Sockets notify, queries fetch" for a branch: subscribes to the `branch:<id>` topic (nothing
 * while `branchId` is empty), folds its messages with `reduce`, and invalidates the `invalidate`
 * queries on every snapshot and event. Messages are typed and checked by the shared event map.
 * Every staff screen on the topic also follows the catalogue: on `catalog.changed` the branch's
 * services and counters are read again, so a deactivated service leaves their lists (transfer,
 * services, board) without a reload.
 */
export function useBranchLive<T>(
  branchId: string,
  invalidate: readonly QueryKey[],
  reduce: (state: T | undefined, message: LiveMessageOf<'branch'>) => T,
): LiveTopicState<T> {
  const queryClient = useQueryClient();
  const live = useLiveTopicOf(
    branchId ? staffTopics.branch(branchId) : null,
    (state: Folded<T> | undefined, message: LiveMessageOf<'branch'>): Folded<T> => ({
      inner: reduce(state?.inner, message),
      catalog: (state?.catalog ?? 0) + (catalogTouched(state, message) ? 1 : 0),
    }),
  );
  // The keys of the latest render, without re-running the effect when the caller builds a new array.
  const keys = useRef(invalidate);
  useEffect(() => {
    keys.current = invalidate;
  });
  useEffect(() => {
    if (live.version === 0 || !branchId) return;
    for (const queryKey of keys.current) void queryClient.invalidateQueries({ queryKey });
  }, [live.version, branchId, queryClient]);
  const catalogChanges = live.state?.catalog ?? 0;
  useEffect(() => {
    if (catalogChanges === 0 || !branchId) return;
    for (const queryKey of branchCatalogKeys(branchId)) void queryClient.invalidateQueries({ queryKey });
  }, [catalogChanges, branchId, queryClient]);
  return { state: live.state?.inner, error: live.error, version: live.version };
}
