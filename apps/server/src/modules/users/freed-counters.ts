import type { LiveBus } from '../../live/bus';

/** Counters whose caller left (signed out, deactivated, …) are shown free on their branch's screens. */
export function announceFreedCounters(
  bus: LiveBus,
  freed: readonly { counter_id: string; branch_id: string }[],
): void {
  for (const { counter_id: counterId, branch_id: branchId } of freed) {
    bus.publish({
      kind: 'branch',
      branchId,
      type: 'counter.updated',
      staff: { counterId, station: null },
      public: { counterId },
      counterId,
    });
  }
}
