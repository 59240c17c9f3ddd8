import { z } from 'zod';
import { IdSchema } from '@antrean/shared/common/ids';
import type { BranchService } from '@antrean/shared/domain/service';
import type { Counter } from '@antrean/shared/domain/counter';
import { clientSessionKey } from '@/lib/client-session';
import { readJson, session } from '@/lib/storage';

/**
 * The caller's chosen counter (loket) and services (layanan) — client session state, kept per
 * browser tab in sessionStorage and bound to the user who chose it.
 */
export const CounterChoiceSchema = z.object({
  branchId: z.string({ error: 'v.mustChoose' }).min(1, { error: 'v.mustChoose' }),
  serviceIds: z.array(z.string()).min(1, { error: 'v.mustChoose' }),
  counterId: z.string({ error: 'v.mustChoose' }).min(1, { error: 'v.mustChoose' }),
});
export type CounterChoice = z.infer<typeof CounterChoiceSchema>;

const StoredChoiceSchema = z.object({
  userId: IdSchema,
  branchId: IdSchema,
  serviceIds: z.array(IdSchema).min(1),
  counterId: IdSchema,
});

const KEY = clientSessionKey('counter');

export function readCounterChoice(userId: string): CounterChoice | undefined {
  const parsed = StoredChoiceSchema.safeParse(readJson(session, KEY));
  if (!parsed.success || parsed.data.userId !== userId) return undefined;
  const { branchId, serviceIds, counterId } = parsed.data;
  return { branchId, serviceIds, counterId };
}

export function saveCounterChoice(userId: string, choice: CounterChoice): void {
  session.set(KEY, JSON.stringify({ userId, ...choice }));
}

/** Active services of the branch, in the branch's order. */
export function choosableServices(services: readonly BranchService[]): BranchService[] {
  return services.filter((service) => service.isActive);
}

/** Active counters that serve every chosen service (none until a service is chosen). */
export function countersServing(counters: readonly Counter[], serviceIds: readonly string[]): Counter[] {
  if (serviceIds.length === 0) return [];
  return counters
    .filter((counter) => counter.isActive && serviceIds.every((id) => counter.serviceIds.includes(id)))
    .sort((a, b) => a.number - b.number);
}
