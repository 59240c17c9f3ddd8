import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareForCall, isDueBooking, pickNext, queueOrder, type QueueCandidate } from './ordering';
import { TICKET_STATUSES } from './status';

const NOW = 1_000_000;

function t(id: string, over: Partial<QueueCandidate> = {}): QueueCandidate {
  return {
    id,
    status: 'waiting',
    serviceId: 'S1',
    isBooking: false,
    slotStartAt: null,
    queuedAt: 0,
    seq: 1,
    ...over,
  };
}

describe('isDueBooking', () => {
  it.each([
    [{ isBooking: true, slotStartAt: NOW }, true],
    [{ isBooking: true, slotStartAt: NOW - 1 }, true],
    [{ isBooking: true, slotStartAt: NOW + 1 }, false],
    [{ isBooking: true, slotStartAt: null }, false],
    [{ isBooking: false, slotStartAt: NOW - 1 }, false],
  ])('%j → %s', (ticket, due) => {
    expect(isDueBooking(ticket, NOW)).toBe(due);
  });
});

describe('pickNext / queueOrder', () => {
  it.each<[string, QueueCandidate[], string[]]>([
    [
      'walk-ins by queuedAt (check-in time)',
      [t('b', { queuedAt: 20, seq: 2 }), t('a', { queuedAt: 10, seq: 1 }), t('c', { queuedAt: 30, seq: 3 })],
      ['a', 'b', 'c'],
    ],
    [
      'a booking whose slot started goes first, even if it checked in last',
      [
        t('w', { queuedAt: 10 }),
        t('bk', { queuedAt: 50, isBooking: true, slotStartAt: NOW - 60_000, seq: 2 }),
      ],
      ['bk', 'w'],
    ],
    [
      'a booking whose slot has not started queues by check-in like everyone else',
      [t('bk', { queuedAt: 50, isBooking: true, slotStartAt: NOW + 1, seq: 2 }), t('w', { queuedAt: 10 })],
      ['w', 'bk'],
    ],
    [
      'slot start exactly now counts as started',
      [t('w', { queuedAt: 10 }), t('bk', { queuedAt: 50, isBooking: true, slotStartAt: NOW, seq: 2 })],
      ['bk', 'w'],
    ],
    [
      'due bookings by slot start, then queuedAt',
      [
        t('late-slot', { isBooking: true, slotStartAt: NOW - 10, queuedAt: 1, seq: 1 }),
        t('early-slot-2', { isBooking: true, slotStartAt: NOW - 20, queuedAt: 9, seq: 3 }),
        t('early-slot-1', { isBooking: true, slotStartAt: NOW - 20, queuedAt: 5, seq: 2 }),
      ],
      ['early-slot-1', 'early-slot-2', 'late-slot'],
    ],
    [
      'ties on queuedAt by seq, then id',
      [t('z', { queuedAt: 5, seq: 2 }), t('y', { queuedAt: 5, seq: 1 }), t('x', { queuedAt: 5, seq: 2 })],
      ['y', 'x', 'z'],
    ],
    [
      'a transferred ticket keeps its original queuedAt and its place',
      [t('new', { queuedAt: 100, seq: 9 }), t('transferred', { queuedAt: 40, seq: 3, serviceId: 'S1' })],
      ['transferred', 'new'],
    ],
    [
      'only waiting tickets of the counter’s services',
      [
        t('other-service', { serviceId: 'S9', queuedAt: 1 }),
        ...TICKET_STATUSES.filter((s) => s !== 'waiting').map((status, i) =>
          t(`st-${status}`, { status, queuedAt: i }),
        ),
        t('mine', { queuedAt: 500 }),
      ],
      ['mine'],
    ],
    ['nothing waiting', [t('held', { status: 'held' })], []],
  ])('%s', (_name, tickets, order) => {
    const scope = { serviceIds: ['S1', 'S2'], now: NOW };
    expect(queueOrder(tickets, scope).map((x) => x.id)).toEqual(order);
    expect(pickNext(tickets, scope)?.id ?? null).toBe(order[0] ?? null);
  });

  it('accepts any iterable of service ids', () => {
    const tickets = [t('a', { serviceId: 'S2' })];
    expect(pickNext(tickets, { serviceIds: new Set(['S2']), now: NOW })?.id).toBe('a');
    expect(pickNext(tickets, { serviceIds: [], now: NOW })).toBeNull();
  });

  it('returns the same object it was given', () => {
    const ticket = t('a');
    expect(pickNext([ticket], { serviceIds: ['S1'], now: NOW })).toBe(ticket);
  });
});

const candidateArb: fc.Arbitrary<QueueCandidate> = fc.record({
  id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
  status: fc.constantFrom(...TICKET_STATUSES),
  serviceId: fc.constantFrom('S1', 'S2', 'S3'),
  isBooking: fc.boolean(),
  slotStartAt: fc.option(fc.integer({ min: NOW - 50, max: NOW + 50 }), { nil: null }),
  queuedAt: fc.integer({ min: 0, max: 20 }),
  seq: fc.integer({ min: 1, max: 5 }),
});

describe('compareForCall properties', () => {
  it('is a total preorder: reflexive, antisymmetric, transitive', () => {
    fc.assert(
      fc.property(
        candidateArb,
        candidateArb,
        candidateArb,
        fc.integer({ min: NOW - 60, max: NOW + 60 }),
        (a, b, c, now) => {
          expect(compareForCall(a, a, now)).toBe(0);
          expect(Math.sign(compareForCall(a, b, now)) + Math.sign(compareForCall(b, a, now))).toBe(0);
          if (compareForCall(a, b, now) <= 0 && compareForCall(b, c, now) <= 0) {
            expect(compareForCall(a, c, now)).toBeLessThanOrEqual(0);
          }
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('pickNext is the head of queueOrder, waiting and in scope, whatever the input order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(candidateArb, { selector: (x) => x.id, maxLength: 6 }),
        fc.subarray(['S1', 'S2', 'S3']),
        fc.integer({ min: NOW - 60, max: NOW + 60 }),
        (tickets, serviceIds, now) => {
          const scope = { serviceIds, now };
          const order = queueOrder(tickets, scope);
          const next = pickNext(tickets, scope);
          expect(next).toBe(order[0] ?? null);
          expect(pickNext([...tickets].reverse(), scope)).toBe(next);
          expect(queueOrder([...tickets].reverse(), scope)).toEqual(order);
          for (const x of order) {
            expect(x.status).toBe('waiting');
            expect(serviceIds).toContain(x.serviceId);
          }
          expect(order).toHaveLength(
            tickets.filter((x) => x.status === 'waiting' && serviceIds.includes(x.serviceId)).length,
          );
          // every due booking precedes every other ticket
          const firstOther = order.findIndex((x) => !isDueBooking(x, now));
          if (firstOther >= 0) expect(order.slice(firstOther).some((x) => isDueBooking(x, now))).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
