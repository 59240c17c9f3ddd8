import { useEffect, useRef, useState } from 'react';
import { leaveStation, useOpenStation } from '@/features/queue/api/station';
import type { CounterLiveState } from './use-caller-live';

/**
 * The caller's hold on the counter (decision 29b). The counter is taken when the screen opens;
 * it is lost when the same account takes another counter (another tab or device: the counter
 * topic says so) or a call is refused with COUNTER_NOT_TAKEN. `takeBack` takes it again.
 */
export function useCallerStation(
  counterId: string,
  serviceIds: readonly string[],
  live: Pick<CounterLiveState, 'holder' | 'stationChanges'>,
) {
  const open = useOpenStation(counterId, serviceIds);
  const openStation = open.mutate;
  useEffect(() => {
    openStation();
  }, [openStation, counterId]);

  // The counter events seen when the counter was last (re)taken; later ones may say it is lost.
  const [takenAt, setTakenAt] = useState(0);
  const [refused, setRefused] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const changes = useRef(live.stationChanges);
  useEffect(() => {
    changes.current = live.stationChanges;
  });

  const releasedElsewhere =
    live.stationChanges > takenAt && (live.holder === 'other' || live.holder === 'none');
  const lost = !leaving && !open.isPending && (refused || releasedElsewhere);
  // Another caller took this counter, or this account took another one.
  const takenOver = releasedElsewhere && live.holder === 'other';

  return {
    /** The counter was taken (or taking it failed): calling may start. */
    settled: open.isSuccess || open.isError,
    error: open.error,
    lost,
    /** Why it was lost: another caller took it over ('other'), or this account opened another counter. */
    lostTo: takenOver ? ('other' as const) : ('account' as const),
    taking: open.isPending,
    /** A call answered COUNTER_NOT_TAKEN. */
    markRefused: () => setRefused(true),
    takeBack: () =>
      open.mutate(undefined, {
        onSuccess: () => {
          setRefused(false);
          setTakenAt(changes.current);
        },
      }),
    /** Leaves the counter (change counter, sign out); the screen goes away after it. */
    leave: async () => {
      setLeaving(true);
      await leaveStation(counterId);
    },
  };
}
