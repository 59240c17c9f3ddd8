import { describe, expect, it } from 'vitest';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import { makeTicket } from '@/test/queue-fixtures';
import { historyOutcome, isHistoryTicket, reduceHistoryLive } from './history';

const ME = '01a2010e-3799-712f-95b6-513769e1956d';
const OTHER = '01a2010e-3799-712f-95b6-513769e19999';

function ticket(overrides: Partial<Ticket>): Ticket {
  return makeTicket(1, {
    status: 'finished',
    callerUserId: ME,
    calledAt: 2,
    servingStartedAt: 3,
    finishedAt: 4,
    version: 5,
    ...overrides,
  });
}

const event = (t: Ticket, type: 'ticket.finished' | 'ticket.called' = 'ticket.finished') =>
  ({ kind: 'event', type, data: { ticket: t, fromStatus: null } }) as const;

describe("the caller's live history", () => {
  it('keeps this caller’s finished tickets and counts a change', () => {
    const state = reduceHistoryLive(undefined, event(ticket({})), ME);
    expect(state.tickets.map((t) => t.number)).toEqual(['A001']);
    expect(state.changes).toBe(1);
  });

  it('ignores other callers’ tickets and this caller’s active ones', () => {
    let state = reduceHistoryLive(undefined, event(ticket({ callerUserId: OTHER })), ME);
    state = reduceHistoryLive(state, event(ticket({ status: 'calling' }), 'ticket.called'), ME);
    expect(state).toEqual({ tickets: [], changes: 0 });
  });

  it('follows a known ticket that another caller takes over, and refetches after a snapshot', () => {
    let state = reduceHistoryLive(undefined, event(ticket({ status: 'waiting', transferCount: 1 })), ME);
    state = reduceHistoryLive(
      state,
      event(ticket({ status: 'calling', callerUserId: OTHER, version: 6 }), 'ticket.called'),
      ME,
    );
    expect(state.tickets[0]?.version).toBe(6);
    expect(state.tickets.filter((t) => isHistoryTicket(t, ME))).toEqual([]);
    expect(
      reduceHistoryLive(
        state,
        { kind: 'snapshot', data: { branchId: ME, serviceDay: '2026-11-22', services: [] } },
        ME,
      ).changes,
    ).toBe(state.changes + 1);
  });

  it('names the outcome', () => {
    expect(historyOutcome({ status: 'finished', transferCount: 0 })).toBe('finished');
    expect(historyOutcome({ status: 'no_show', transferCount: 0 })).toBe('no_show');
    expect(historyOutcome({ status: 'waiting', transferCount: 1 })).toBe('transferred');
    expect(historyOutcome({ status: 'waiting', transferCount: 0 })).toBe('requeued');
  });
});
