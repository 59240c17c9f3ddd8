/**
 * Model-based test (issue 3): random command sequences run against the real engine (on the
 * test database) and against the pure reference model (packages/shared/testing/queue-model.ts,
 * `@antrean/shared/testing/queue-model`, which ships with no app). After every command both agree: success or the same refusal code, and the same number, status,
 * service and counter. At the end the whole queue read back from the database must equal the
 * model's and satisfy its invariants.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  createQueueModel,
  queueModelViolations,
  runCommand,
  type ModelAction,
  type ModelCommand,
  type QueueModel,
} from '@antrean/shared/testing/queue-model';
import { nextStatus } from '@antrean/shared/domain/ticket/transitions';
import { toStatus } from './ticket.mapper';
import { AppError } from '../../lib/errors';
import type { StaffActor } from '../../lib/actor';
import { describeWithDb } from '../../test/db';
import { buildEngineApp, type EngineApp } from '../../test/engine-helpers';

const RUNS = Number(process.env.ANTREAN_MODEL_RUNS ?? 1000);
const SKIP_LIMIT = 1;

type Step =
  | { kind: 'issue'; service: number }
  | { kind: 'callNext'; counter: number }
  | { kind: 'call'; ticket: number; counter: number; valid: boolean }
  | { kind: 'apply'; ticket: number; action: Exclude<ModelAction, 'transfer'>; valid: boolean }
  | { kind: 'transfer'; ticket: number; service: number; valid: boolean }
  | { kind: 'wait'; ms: number };

/** Mostly aim actions at tickets whose status allows them, so sequences go deep; sometimes not. */
const validArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant(true) },
  { weight: 1, arbitrary: fc.constant(false) },
);

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('issue' as const), service: fc.nat(1) }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('callNext' as const), counter: fc.nat(2) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('call' as const),
      ticket: fc.nat(12),
      counter: fc.nat(2),
      valid: validArb,
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('apply' as const),
      ticket: fc.nat(12),
      action: fc.constantFrom(
        'recall',
        'announce',
        'serve',
        'hold',
        'hold',
        'skip',
        'skip',
        'requeue',
        'requeue',
        'finish',
        'cancel' as const,
      ),
      valid: validArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      ticket: fc.nat(12),
      service: fc.nat(1),
      valid: validArb,
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 1, max: 90_000 }) }),
  },
);

describeWithDb('queue engine vs reference model', () => {
  let t: EngineApp;

  beforeAll(async () => {
    t = await buildEngineApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it(`agrees with the model on ${RUNS} random command sequences`, async () => {
    let noShows = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 30, size: 'max' }), async (steps) => {
        // A fresh branch per sequence: services A/B, counters 1 (A), 2 (B), 3 (A+B).
        const branch = await t.f.buildBranch();
        const a = await t.f.buildService({
          tenantId: branch.tenantId,
          branchIds: [branch.id],
          code: 'A' + branch.code.slice(1, 3),
        });
        const b = await t.f.buildService({
          tenantId: branch.tenantId,
          branchIds: [branch.id],
          code: 'B' + branch.code.slice(1, 3),
        });
        await t.database.db
          .updateTable('services')
          .set({ random_caller: 1 })
          .where('id', 'in', [a.id, b.id])
          .execute();
        // A skip limit of 1 (the default is 3) so that sequences often reach the skip past the
        // limit (skipped → no_show) on both sides.
        await t.database.db
          .updateTable('tenant_settings')
          .set({ skip_limit: SKIP_LIMIT })
          .where('tenant_id', '=', branch.tenantId)
          .execute();
        const counters = [
          await t.f.buildCounter({ branchId: branch.id, serviceIds: [a.id] }),
          await t.f.buildCounter({ branchId: branch.id, serviceIds: [b.id] }),
          await t.f.buildCounter({ branchId: branch.id, serviceIds: [a.id, b.id] }),
        ];
        const admin = await t.f.buildUser({ role: 'admin', tenantId: branch.tenantId });
        const actor: StaffActor = {
          kind: 'staff',
          sessionId: 'model-test',
          userId: admin.id,
          username: admin.username,
          fullName: admin.username,
          role: 'admin',
          tenantId: branch.tenantId,
          branchIds: [],
          language: 'id',
        };
        const services = [a, b];
        let model: QueueModel = createQueueModel({
          timeZone: branch.timeZone,
          skipLimit: SKIP_LIMIT,
          services: services.map((s) => ({ id: s.id, code: s.code })),
          counters: counters.map((c) => ({ id: c.id, serviceIds: c.serviceIds })),
        });
        const ticketIds: string[] = [];
        const engine = t.live.tickets;

        const outcome = async (
          run: () => Promise<{ id: string }>,
        ): Promise<{ ok: true; id: string } | { ok: false; code: string }> => {
          try {
            return { ok: true, id: (await run()).id };
          } catch (error) {
            if (error instanceof AppError) return { ok: false, code: error.code };
            throw error;
          }
        };

        for (const step of steps) {
          if (step.kind === 'wait') {
            t.clock.advance(step.ms);
            continue;
          }
          const now = t.clock.now();
          let command: ModelCommand;
          let real: { ok: true; id: string } | { ok: false; code: string };
          let ticketId: string | undefined;
          if ('ticket' in step) {
            const action = step.kind === 'apply' ? step.action : step.kind;
            const candidates = step.valid
              ? model.tickets.filter((mt) => nextStatus(mt.status, action) !== null).map((mt) => mt.id)
              : [];
            const pool = candidates.length > 0 ? candidates : ticketIds;
            ticketId = pool[step.ticket % Math.max(1, pool.length)];
          }
          if (step.kind !== 'issue' && step.kind !== 'callNext' && ticketId === undefined) continue;
          switch (step.kind) {
            case 'issue': {
              const service = services[step.service] ?? a;
              real = await outcome(() =>
                engine
                  .issue(actor, branch.id, { serviceId: service.id, channel: 'operator' }, undefined)
                  .then((r) => r.body),
              );
              command = { kind: 'issue', serviceId: service.id, now, ...(real.ok ? { id: real.id } : {}) };
              break;
            }
            case 'callNext': {
              const counter = counters[step.counter] ?? counters[0];
              if (!counter) throw new Error('no counter');
              real = await outcome(() => engine.callNext(actor, counter.id));
              command = { kind: 'callNext', counterId: counter.id, now };
              break;
            }
            case 'call': {
              const counter = counters[step.counter] ?? counters[0];
              if (!counter || !ticketId) throw new Error('bad step');
              real = await outcome(() => engine.act(actor, ticketId, 'call', { counterId: counter.id }));
              command = { kind: 'call', ticketId, counterId: counter.id, now };
              break;
            }
            case 'transfer': {
              const service = services[step.service] ?? a;
              if (!ticketId) throw new Error('bad step');
              real = await outcome(() => engine.act(actor, ticketId, 'transfer', { serviceId: service.id }));
              command = { kind: 'apply', ticketId, action: 'transfer', serviceId: service.id, now };
              break;
            }
            case 'apply': {
              if (!ticketId) throw new Error('bad step');
              if (step.action === 'announce') {
                real = await outcome(async () => {
                  const row = await t.database.db
                    .selectFrom('tickets')
                    .selectAll()
                    .where('id', '=', ticketId)
                    .executeTakeFirstOrThrow();
                  const done = await engine.systemTransition(row, 'announce');
                  if (!done) throw new AppError('TICKET_INVALID_TRANSITION');
                  return { id: ticketId };
                });
              } else {
                const action = step.action;
                real = await outcome(() => engine.act(actor, ticketId, action));
              }
              command = { kind: 'apply', ticketId, action: step.action, now };
              break;
            }
          }
          const expected = runCommand(model, command);
          if (expected.ok !== real.ok) {
            throw new Error(
              `${JSON.stringify(command)}: model ${expected.ok ? 'ok' : expected.code}, engine ${real.ok ? 'ok' : real.code}`,
            );
          }
          if (!expected.ok || !real.ok) {
            expect(real.ok ? 'ok' : real.code, JSON.stringify(command)).toBe(
              expected.ok ? 'ok' : expected.code,
            );
            continue;
          }
          model = expected.state;
          if (step.kind === 'issue') ticketIds.push(real.id);
          expect(real.id).toBe(expected.ticket.id);
        }

        // The whole queue as stored must equal the model's.
        const rows = await t.database.db
          .selectFrom('tickets')
          .selectAll()
          .where('branch_id', '=', branch.id)
          .execute();
        expect(rows).toHaveLength(model.tickets.length);
        for (const mt of model.tickets) {
          const row = rows.find((r) => r.id === mt.id);
          expect(row, mt.id).toBeDefined();
          if (!row) continue;
          const active = mt.status === 'calling' || mt.status === 'called' || mt.status === 'serving';
          expect({ number: row.number, status: toStatus(row.status), serviceId: row.service_id }).toEqual({
            number: mt.number,
            status: mt.status,
            serviceId: mt.serviceId,
          });
          if (active || mt.status === 'held' || mt.status === 'skipped') {
            expect(row.counter_id).toBe(mt.counterId);
          }
          if (mt.status === 'waiting') expect(row.counter_id).toBeNull();
        }
        expect(queueModelViolations(model)).toEqual([]);
        noShows += model.tickets.filter((mt) => mt.status === 'no_show').length;
      }),
      { numRuns: RUNS },
    );
    // The generator really reaches the skip past the limit.
    if (RUNS >= 100) expect(noShows).toBeGreaterThan(0);
  }, 600_000);
  it('replays a known-tricky sequence: requeue goes to the end of the line, transfer keeps its place', async () => {
    const branch = await t.f.buildBranch();
    const a = await t.f.buildService({
      tenantId: branch.tenantId,
      branchIds: [branch.id],
      code: 'Q' + branch.code.slice(1, 3),
    });
    const counter = await t.f.buildCounter({ branchId: branch.id, serviceIds: [a.id] });
    const admin = await t.f.buildUser({ role: 'admin', tenantId: branch.tenantId });
    const actor: StaffActor = {
      kind: 'staff',
      sessionId: 's',
      userId: admin.id,
      username: admin.username,
      fullName: admin.username,
      role: 'admin',
      tenantId: branch.tenantId,
      branchIds: [],
      language: 'id',
    };
    const engine = t.live.tickets;
    const first = (await engine.issue(actor, branch.id, { serviceId: a.id, channel: 'operator' }, undefined))
      .body;
    t.clock.advance(1000);
    const second = (await engine.issue(actor, branch.id, { serviceId: a.id, channel: 'operator' }, undefined))
      .body;
    expect((await engine.callNext(actor, counter.id)).id).toBe(first.id);
    await engine.act(actor, first.id, 'hold');
    t.clock.advance(1000);
    await engine.act(actor, first.id, 'requeue');
    expect((await engine.callNext(actor, counter.id)).id).toBe(second.id);
  });
});
