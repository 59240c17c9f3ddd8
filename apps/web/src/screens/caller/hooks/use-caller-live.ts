import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveMessageOf } from '@antrean/shared/live/events';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import { useBranchLive } from '@/features/branch/hooks/use-branch-live';
import { ticketKeys } from '@/features/queue/api/keys';
import { reduceHistoryLive, ticketOfEvent, type HistoryLiveState } from '@/features/queue/lib/history';
import { staffTopics } from '@/lib/live-topics';
import { useLiveTopicOf } from '@/lib/use-live';

/** Who holds the counter according to its last `counter.updated` event (null before any). */
type StationHolder = 'me' | 'other' | 'none' | null;

/** What the `counter:<id>` topic tells the caller: its active ticket and who holds it. */
export interface CounterLiveState {
  ticket: Ticket | null;
  holder: StationHolder;
  /** Counts `counter.updated` events (the caller screen compares it with a take-back). */
  stationChanges: number;
}

function reduceCounterLive(
  state: CounterLiveState | undefined,
  message: LiveMessageOf<'counter'>,
  userId: string,
): CounterLiveState {
  const current = state ?? { ticket: null, holder: null, stationChanges: 0 };
  if (message.kind === 'snapshot') return { ...current, ticket: message.data.activeTicket };
  if (message.type === 'counter.updated') {
    const { station } = message.data;
    const holder = station === null ? 'none' : station.userId === userId ? 'me' : 'other';
    return { ...current, holder, stationChanges: current.stationChanges + 1 };
  }
  const ticket = ticketOfEvent(message);
  return ticket ? { ...current, ticket } : current;
}

/**
 * The caller's live topics. The branch topic notifies (the queue and ticket queries refetch) and
 * brings this caller's tickets for the history at once; the counter topic brings the counter's
 * ticket and who holds the counter. "Sockets notify, queries fetch".
 */
export function useCallerLive(branchId: string, counterId: string, userId: string) {
  const queryClient = useQueryClient();
  const reduceBranch = useCallback(
    (state: HistoryLiveState | undefined, message: LiveMessageOf<'branch'>) =>
      reduceHistoryLive(state, message, userId),
    [userId],
  );
  const branchLive = useBranchLive(
    branchId,
    [ticketKeys.queue(branchId), ticketKeys.details()],
    reduceBranch,
  );
  const counterLive = useLiveTopicOf(
    staffTopics.counter(counterId),
    (state: CounterLiveState | undefined, message: LiveMessageOf<'counter'>) =>
      reduceCounterLive(state, message, userId),
  );
  useEffect(() => {
    if (counterLive.version === 0) return;
    void queryClient.invalidateQueries({ queryKey: ticketKeys.queue(branchId) });
    void queryClient.invalidateQueries({ queryKey: ticketKeys.details() });
  }, [counterLive.version, branchId, queryClient]);
  const historyChanges = branchLive.state?.changes ?? 0;
  useEffect(() => {
    if (historyChanges === 0) return;
    void queryClient.invalidateQueries({ queryKey: ticketKeys.lists(branchId) });
  }, [historyChanges, branchId, queryClient]);
  return {
    historyTickets: branchLive.state?.tickets ?? [],
    counter: counterLive.state ?? { ticket: null, holder: null, stationChanges: 0 },
  };
}
