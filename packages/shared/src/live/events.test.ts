import { describe, expect, expectTypeOf, it } from 'vitest';
import { LIVE_TOPICS, parseLiveData, type LiveEventOf, type LiveSnapshotOf } from './events';
import { LIVE_EVENT_TYPES } from './topics';

const T1 = '0b8e4a52-3c1e-4f0a-9d4e-1a2b3c4d5e01';
const S1 = '0b8e4a52-3c1e-4f0a-9d4e-1a2b3c4d5e02';
const C1 = '0b8e4a52-3c1e-4f0a-9d4e-1a2b3c4d5e03';
const B1 = '0b8e4a52-3c1e-4f0a-9d4e-1a2b3c4d5e04';

const liveTicket = {
  id: T1,
  number: 'A001',
  status: 'calling',
  serviceId: S1,
  counterId: C1,
  calledAt: 1_700_000_000_000,
  recallCount: 0,
};

describe('the live event map', () => {
  it('has a snapshot and a payload schema for every event type on every topic kind', () => {
    for (const topic of Object.values(LIVE_TOPICS)) {
      expect(topic.snapshot).toBeDefined();
      for (const type of LIVE_EVENT_TYPES) expect(topic.events[type]).toBeDefined();
    }
  });

  it('accepts a public call event and refuses a staff ticket where a public one belongs', () => {
    expect(parseLiveData('display', { type: 'ticket.called', data: { ticket: liveTicket } })).toEqual({
      success: true,
    });
    const refused = parseLiveData('display', {
      type: 'ticket.called',
      data: { ticket: { ...liveTicket, status: 'lost' } },
    });
    expect(refused.success).toBe(false);
    expect(parseLiveData('display', { type: 'ticket.bogus', data: {} }).success).toBe(false);
  });

  it('checks snapshots too', () => {
    const snapshot = {
      branch: { id: B1, code: 'JKT01', name: 'KC Jakarta', timeZone: 'Asia/Jakarta' },
      serviceDay: '2026-11-24',
      counters: [{ id: C1, name: 'Loket 1', number: 1, serviceIds: [S1], current: liveTicket }],
      services: [{ id: S1, code: 'A', name: 'Teller', waiting: 3 }],
      recentCalls: [liveTicket],
      fx: { currencies: [], updatedAt: null },
      rates: { products: [{ name: 'Deposito', items: [{ name: '3 bulan', percentage: '3.5' }] }] },
      voice: {
        mode: 'voice_id',
        numberStyle: 'digits',
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
    expect(parseLiveData('display', { type: 'snapshot', data: snapshot })).toEqual({ success: true });
    // The FX board's rates are exact decimal text, never numbers.
    const usd = {
      code: 'USD',
      name: 'US Dollar',
      flag: 'US',
      buy: '16150.5',
      sell: '16450',
      bankNoteBuy: null,
      bankNoteSell: null,
      ttCounterBuy: null,
      ttCounterSell: null,
    };
    expect(
      parseLiveData('display', { type: 'fx.updated', data: { currencies: [usd], updatedAt: 1 } }),
    ).toEqual({
      success: true,
    });
    expect(
      parseLiveData('display', {
        type: 'fx.updated',
        data: { currencies: [{ ...usd, buy: 16150.5 }], updatedAt: 1 },
      }).success,
    ).toBe(false);
    expect(
      parseLiveData('display', { type: 'snapshot', data: { ...snapshot, counters: null } }).success,
    ).toBe(false);
    expect(
      parseLiveData('counter', { type: 'snapshot', data: { counterId: C1, activeTicket: null } }),
    ).toEqual({ success: true });
  });

  it('types events by topic kind', () => {
    expectTypeOf<Extract<LiveEventOf<'display'>, { type: 'queue.reset' }>['data']>().toEqualTypeOf<{
      serviceId: string | null;
      day: string;
    }>();
    expectTypeOf<LiveSnapshotOf<'counter'>['counterId']>().toEqualTypeOf<string>();
  });
});
