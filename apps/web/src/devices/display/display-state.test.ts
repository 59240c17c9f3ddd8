import { describe, expect, it } from 'vitest';
import type { LiveEventType } from '@antrean/shared/live/topics';
import {
  hasSnapshot,
  reduceDisplay,
  type DisplaySnapshot,
  type DisplayState,
  type PublicTicket,
} from './display-state';

const snapshot: DisplaySnapshot = {
  branch: { id: 'b1', code: 'JKT01', name: 'KC Jakarta Sudirman', timeZone: 'Asia/Jakarta' },
  serviceDay: '2026-11-22',
  counters: [
    { id: 'c1', name: 'Loket 1', number: 1, serviceIds: ['s1'], current: null },
    { id: 'c2', name: 'Loket 2', number: 2, serviceIds: ['s1'], current: null },
  ],
  services: [
    { id: 's1', code: 'A', name: 'Teller', waiting: 3 },
    { id: 's2', code: 'B', name: 'Customer Service', waiting: 0 },
  ],
  recentCalls: [
    {
      id: 't0',
      number: 'A010',
      status: 'finished',
      serviceId: 's1',
      counterId: 'c2',
      calledAt: 1,
      recallCount: 0,
    },
  ],
  fx: { currencies: [], updatedAt: null },
  rates: { products: [] },
  voice: {
    mode: 'voice_id',
    numberStyle: 'number',
    templateId: null,
    templateEn: null,
    rate: 1,
    pitch: 1,
    volume: 1,
    voiceNameId: null,
    voiceNameEn: null,
    repeat: 1,
  },
};

const ticket = (over: Partial<PublicTicket> = {}): PublicTicket => ({
  id: 't1',
  number: 'A012',
  status: 'calling',
  serviceId: 's1',
  counterId: 'c1',
  calledAt: 1000,
  recallCount: 0,
  ...over,
});

function start(): DisplayState {
  return reduceDisplay(undefined, { kind: 'snapshot', data: snapshot });
}

const event = (type: LiveEventType, t: PublicTicket) =>
  ({ kind: 'event', type, data: { ticket: t } }) as const;

describe('reduceDisplay', () => {
  it('takes the snapshot as it is', () => {
    const state = start();
    expect(hasSnapshot(state)).toBe(true);
    expect(state.counters).toHaveLength(2);
    expect(state.calls).toEqual([]);
    expect(state.services[0]?.waiting).toBe(3);
  });

  it('fx.updated and rates.updated replace the boards whole; the queue stays as it was', () => {
    const state = start();
    const fx = {
      currencies: [
        {
          code: 'USD',
          name: 'US Dollar',
          flag: 'US',
          buy: '16150.5',
          sell: '16450',
          bankNoteBuy: null,
          bankNoteSell: null,
          ttCounterBuy: null,
          ttCounterSell: null,
        },
      ],
      updatedAt: 5,
    };
    const withFx = reduceDisplay(state, { kind: 'event', type: 'fx.updated', data: fx });
    expect(withFx.fx).toEqual(fx);
    expect(withFx.counters).toBe(state.counters);
    const rates = { products: [{ name: 'Deposito', items: [{ name: '3 bulan', percentage: '3.5' }] }] };
    const withRates = reduceDisplay(withFx, { kind: 'event', type: 'rates.updated', data: rates });
    expect(withRates.rates).toEqual(rates);
    expect(withRates.fx).toEqual(fx);
    expect(withRates.resync).toBe(state.resync);
  });

  it('ignores a malformed snapshot and events before any snapshot', () => {
    expect(hasSnapshot(reduceDisplay(undefined, { kind: 'snapshot', data: { nope: true } }))).toBe(false);
    expect(hasSnapshot(reduceDisplay(undefined, event('ticket.called', ticket())))).toBe(false);
  });

  it('ticket.called moves the ticket to its counter, to the top of recent calls and to the call log', () => {
    const state = reduceDisplay(start(), event('ticket.called', ticket()));
    expect(state.counters.find((c) => c.id === 'c1')?.current?.number).toBe('A012');
    expect(state.recentCalls[0]?.id).toBe('t1');
    expect(state.recentCalls).toHaveLength(2);
    expect(state.calls).toEqual([
      { key: 't1:0', ticket: ticket(), counterName: 'Loket 1', counterNumber: 1 },
    ]);
  });

  it('ticket.called decrements waiting for its service, ticket.issued increments it', () => {
    let state = reduceDisplay(start(), event('ticket.called', ticket()));
    expect(state.services[0]?.waiting).toBe(2);
    state = reduceDisplay(
      state,
      event(
        'ticket.issued',
        ticket({
          id: 't9',
          number: 'B001',
          status: 'waiting',
          serviceId: 's2',
          counterId: null,
          calledAt: null,
        }),
      ),
    );
    expect(state.services.find((s) => s.id === 's2')?.waiting).toBe(1);
    expect(state.services.find((s) => s.id === 's1')?.waiting).toBe(2);
  });

  it('waiting never goes below zero', () => {
    const state = reduceDisplay(start(), event('ticket.called', ticket({ serviceId: 's2' })));
    expect(state.services.find((s) => s.id === 's2')?.waiting).toBe(0);
  });

  it('duplicate events are idempotent', () => {
    const once = reduceDisplay(start(), event('ticket.called', ticket()));
    const twice = reduceDisplay(once, event('ticket.called', ticket()));
    expect(twice).toBe(once);
    const issued = ticket({ id: 't9', status: 'waiting', counterId: null, calledAt: null });
    const a = reduceDisplay(once, event('ticket.issued', issued));
    const b = reduceDisplay(a, event('ticket.issued', issued));
    expect(b).toBe(a);
    expect(b.services[0]?.waiting).toBe(3);
  });

  it('a recall is a new call (new key) and moves the ticket to the top again', () => {
    let state = reduceDisplay(start(), event('ticket.called', ticket()));
    state = reduceDisplay(
      state,
      event('ticket.called', ticket({ id: 't2', number: 'A013', counterId: 'c2' })),
    );
    state = reduceDisplay(state, event('ticket.recalled', ticket({ recallCount: 1, calledAt: 2000 })));
    expect(state.recentCalls.map((t) => t.id)).toEqual(['t1', 't2', 't0']);
    expect(state.calls.map((c) => c.key)).toEqual(['t1:0', 't2:0', 't1:1']);
    expect(state.services[0]?.waiting).toBe(1);
  });

  it('ticket.finished clears the counter but keeps the recent call', () => {
    let state = reduceDisplay(start(), event('ticket.called', ticket()));
    state = reduceDisplay(state, event('ticket.serving', ticket({ status: 'serving' })));
    expect(state.counters[0]?.current?.status).toBe('serving');
    state = reduceDisplay(state, event('ticket.finished', ticket({ status: 'finished' })));
    expect(state.counters[0]?.current).toBeNull();
    expect(state.recentCalls[0]?.status).toBe('finished');
  });

  it('a finished event of an older ticket does not clear the newer one', () => {
    let state = reduceDisplay(start(), event('ticket.called', ticket()));
    state = reduceDisplay(
      state,
      event('ticket.finished', ticket({ id: 'old', number: 'A001', status: 'finished' })),
    );
    expect(state.counters[0]?.current?.id).toBe('t1');
  });

  it('requeue puts the ticket back in the waiting count; transfer moves it', () => {
    let state = reduceDisplay(start(), event('ticket.called', ticket()));
    state = reduceDisplay(state, event('ticket.requeued', ticket({ status: 'waiting', counterId: null })));
    expect(state.services[0]?.waiting).toBe(3);
    expect(state.counters[0]?.current).toBeNull();
    state = reduceDisplay(
      state,
      event('ticket.transferred', ticket({ status: 'waiting', serviceId: 's2', counterId: null })),
    );
    expect(state.services.map((s) => s.waiting)).toEqual([2, 1]);
  });

  it('a ticket transferred away while being called is no longer shown as called, nor in the latest calls', () => {
    let state = reduceDisplay(start(), event('ticket.called', ticket()));
    expect(state.recentCalls.map((t) => t.id)).toEqual(['t1', 't0']);
    state = reduceDisplay(
      state,
      event('ticket.transferred', ticket({ status: 'waiting', serviceId: 's2', counterId: null })),
    );
    expect(state.counters.map((c) => c.current)).toEqual([null, null]);
    // The latest real call (with its counter) is on top again: what "now calling" shows.
    expect(state.recentCalls.map((t) => [t.id, t.counterId])).toEqual([['t0', 'c2']]);
  });

  it('a ticket sent back to the queue leaves the latest calls; one served at its counter stays', () => {
    let state = reduceDisplay(start(), event('ticket.called', ticket()));
    state = reduceDisplay(state, event('ticket.skipped', ticket({ status: 'skipped' })));
    expect(state.recentCalls.map((t) => t.id)).toEqual(['t1', 't0']);
    state = reduceDisplay(state, event('ticket.requeued', ticket({ status: 'waiting', counterId: null })));
    expect(state.recentCalls.map((t) => t.id)).toEqual(['t0']);
    // Called again at another counter: a real call again, with that counter.
    state = reduceDisplay(state, event('ticket.called', ticket({ counterId: 'c2', calledAt: 2000 })));
    expect(state.recentCalls.map((t) => [t.id, t.counterId])).toEqual([
      ['t1', 'c2'],
      ['t0', 'c2'],
    ]);
  });

  it('a snapshot (after a reload) lists only calls with their counter', () => {
    const data: DisplaySnapshot = {
      ...snapshot,
      recentCalls: [
        ticket({ id: 'gone', number: 'A011', status: 'waiting', counterId: null }),
        ...snapshot.recentCalls,
      ],
    };
    const state = reduceDisplay(undefined, { kind: 'snapshot', data });
    expect(state.recentCalls.map((t) => t.id)).toEqual(['t0']);
    expect(state.counters.map((c) => c.current)).toEqual([null, null]);
  });

  it('a snapshot lists tickets still calling as calls to announce', () => {
    const data = {
      ...snapshot,
      counters: [{ ...snapshot.counters[0]!, current: ticket() }, snapshot.counters[1]!],
    };
    const state = reduceDisplay(undefined, { kind: 'snapshot', data });
    expect(state.calls.map((c) => c.key)).toEqual(['t1:0']);
  });

  it('queue.reset, counter.updated and an unknown counter ask for a resync', () => {
    const state = start();
    expect(
      reduceDisplay(state, { kind: 'event', type: 'queue.reset', data: { serviceId: null, day: 'x' } })
        .resync,
    ).toBe(1);
    expect(reduceDisplay(state, { kind: 'event', type: 'counter.updated', data: {} }).resync).toBe(1);
    expect(reduceDisplay(state, event('ticket.called', ticket({ counterId: 'new' }))).resync).toBe(1);
  });

  it('display.updated and theme.updated ask for the config again, keeping the queue state', () => {
    const state = start();
    const changed = reduceDisplay(state, {
      kind: 'event',
      type: 'display.updated',
      data: { displayId: '01a2010e-3799-7000-8000-00000000d002' },
    });
    expect(changed.reconfigure).toBe(1);
    expect(changed.counters).toEqual(state.counters);
    expect(
      reduceDisplay(changed, { kind: 'event', type: 'theme.updated', data: { themeId: null } }).reconfigure,
    ).toBe(2);
  });

  it('media.updated and a later snapshot (a reconnect) ask for the config again; the first snapshot does not', () => {
    const state = start();
    expect(state.reconfigure).toBe(0);
    const media = reduceDisplay(state, { kind: 'event', type: 'media.updated', data: { kind: 'banner' } });
    expect(media.reconfigure).toBe(1);
    const again = reduceDisplay(media, { kind: 'snapshot', data: snapshot });
    expect(again.reconfigure).toBe(2);
  });
});
