import { describe, expect, it } from 'vitest';
import { BRANCH_ID } from '@/test/fixtures';
import { makeTicket } from '@/test/queue-fixtures';
import { staffTopics } from './live-topics';

const COUNTER_ID = '01a2010e-3799-754c-b5da-6b9478492001';

describe('staff live topics read through the shared event map', () => {
  const branch = staffTopics.branch(BRANCH_ID);
  const counter = staffTopics.counter(COUNTER_ID);

  it('names the topics', () => {
    expect(branch.name).toBe(`branch:${BRANCH_ID}`);
    expect(counter.name).toBe(`counter:${COUNTER_ID}`);
  });

  it('reads snapshots and events with their payload types', () => {
    const snapshot = { branchId: BRANCH_ID, serviceDay: '2026-11-22', services: [] };
    expect(branch.read({ kind: 'snapshot', data: snapshot })).toEqual({ kind: 'snapshot', data: snapshot });
    const ticket = makeTicket(1, { status: 'calling', counterId: COUNTER_ID });
    const called = counter.read({
      kind: 'event',
      type: 'ticket.called',
      data: { ticket, fromStatus: 'waiting' },
    });
    expect(
      called?.kind === 'event' && called.type === 'ticket.called' ? called.data.ticket.number : null,
    ).toBe('A001');
    expect(
      counter.read({
        kind: 'event',
        type: 'counter.updated',
        data: { counterId: COUNTER_ID, station: null },
      }),
    ).toEqual({ kind: 'event', type: 'counter.updated', data: { counterId: COUNTER_ID, station: null } });
    expect(counter.read({ kind: 'snapshot', data: { counterId: COUNTER_ID, activeTicket: null } })).toEqual({
      kind: 'snapshot',
      data: { counterId: COUNTER_ID, activeTicket: null },
    });
  });

  it('drops a message whose payload does not match its event', () => {
    expect(
      branch.read({ kind: 'event', type: 'ticket.called', data: { ticket: { id: 'x' } } }),
    ).toBeUndefined();
    expect(
      branch.read({ kind: 'event', type: 'queue.reset', data: { ticket: makeTicket(1) } }),
    ).toBeUndefined();
    expect(counter.read({ kind: 'snapshot', data: { services: [] } })).toBeUndefined();
  });
});
