import { describe, expect, it } from 'vitest';
import type { DeviceService } from '../onsite/device-kit';
import {
  checkInFailure,
  choiceOf,
  initialKioskState,
  intentFor,
  isAtStart,
  issueFailure,
  kioskReducer,
  type KioskEvent,
  type KioskState,
  type Shown,
} from './kiosk-machine';

const teller = {
  id: 'svc-teller',
  name: 'Teller',
  code: 'A',
  customerPhoto: false,
  subServices: [
    { id: 'sub-1', name: 'Setor tunai', isActive: true },
    { id: 'sub-2', name: 'Tarik tunai', isActive: false },
  ],
} as DeviceService;
const plain = { ...teller, id: 'svc-cs', subServices: [] } as DeviceService;
const sub = { id: 'sub-1', name: 'Setor tunai', isActive: true };
const shown: Shown = {
  number: 'A001',
  uniqueCode: 'UNIQ',
  service: teller,
  sub: null,
  peopleAhead: 2,
  estimatedWait: null,
  issuedAt: 0,
};

function run(...events: KioskEvent[]): KioskState {
  return events.reduce(kioskReducer, initialKioskState);
}

describe('choiceOf', () => {
  it('asks for a sub service first when the service has active ones', () => {
    expect(choiceOf(teller, undefined, false)).toEqual({ step: 'sub', service: teller, sub: null });
  });
  it('asks how to receive the ticket when the branch sends WhatsApp tickets', () => {
    expect(choiceOf(teller, sub, true)).toEqual({ step: 'delivery', service: teller, sub });
    expect(choiceOf(plain, undefined, true)).toEqual({ step: 'delivery', service: plain, sub: null });
  });
  it('issues straight away otherwise', () => {
    expect(choiceOf(plain, undefined, false)).toEqual({ issue: { service: plain, sub: null } });
    expect(choiceOf(teller, sub, false)).toEqual({ issue: { service: teller, sub } });
  });
});

describe('kioskReducer', () => {
  it('walks services → sub → delivery → phone and back again', () => {
    const phone = run(
      { type: 'choose', step: 'sub', service: teller, sub: null },
      { type: 'choose', step: 'delivery', service: teller, sub },
      { type: 'askPhone' },
    );
    expect(phone.step).toEqual({ kind: 'phone', service: teller, sub });
    const delivery = kioskReducer(phone, { type: 'back' });
    expect(delivery.step).toEqual({ kind: 'delivery', service: teller, sub });
    expect(kioskReducer(delivery, { type: 'back' }).step).toEqual({ kind: 'sub', service: teller });
    expect(kioskReducer(kioskReducer(delivery, { type: 'back' }), { type: 'back' })).toEqual(
      initialKioskState,
    );
  });

  it('goes home from a delivery step without a sub service', () => {
    expect(run({ type: 'choose', step: 'delivery', service: plain, sub: null }, { type: 'back' })).toEqual(
      initialKioskState,
    );
  });

  it('ignores taps and back while a request is on its way', () => {
    const pending = run({ type: 'choose', step: 'delivery', service: plain, sub: null }, { type: 'start' });
    expect(pending.pending).toBe(true);
    expect(kioskReducer(pending, { type: 'back' })).toBe(pending);
    expect(kioskReducer(pending, { type: 'choose', step: 'sub', service: teller, sub: null })).toBe(pending);
    expect(kioskReducer(pending, { type: 'askPhone' })).toBe(pending);
  });

  it('switches tabs only at the start, clearing the message and the scanner', () => {
    const checkin = run({ type: 'error', error: { key: 'error.server' } }, { type: 'tab', tab: 'checkin' });
    expect(checkin.step).toEqual({ kind: 'checkin' });
    expect(checkin.error).toBeNull();
    const scanning = kioskReducer(checkin, { type: 'scan', on: true });
    expect(kioskReducer(scanning, { type: 'tab', tab: 'services' }).scanning).toBe(false);
    const sub = run({ type: 'choose', step: 'sub', service: teller, sub: null });
    expect(kioskReducer(sub, { type: 'tab', tab: 'checkin' })).toBe(sub);
  });

  it('cleans typed values: a phone keeps digits and +, at most 16; a booking code upper case, at most 32', () => {
    const typed = run(
      { type: 'edit', field: 'phone', edit: { set: '08-12 34a' } },
      { type: 'edit', field: 'phone', edit: { append: '5' } },
      { type: 'edit', field: 'bookingCode', edit: { set: 'ab 12-x!' } },
      { type: 'edit', field: 'bookingCode', edit: 'backspace' },
    );
    expect(typed.phone).toBe('0812345');
    expect(typed.bookingCode).toBe('AB12-');
    expect(run({ type: 'edit', field: 'phone', edit: { set: '1'.repeat(20) } }).phone).toHaveLength(16);
    expect(
      run({ type: 'edit', field: 'bookingCode', edit: { set: 'A'.repeat(40) } }).bookingCode,
    ).toHaveLength(32);
  });

  it('shows the result, or the photo step first when the service takes a photo', () => {
    const started = run({ type: 'choose', step: 'delivery', service: teller, sub }, { type: 'start' });
    const result = kioskReducer(started, {
      type: 'issued',
      shown,
      phone: null,
      ticketId: 't1',
      photo: false,
    });
    expect(result).toMatchObject({ pending: false, step: { kind: 'result', shown, phone: null } });
    const photo = kioskReducer(started, {
      type: 'issued',
      shown,
      phone: '0812345678',
      ticketId: 't1',
      photo: true,
    });
    expect(photo.step).toEqual({
      kind: 'photo',
      ticketId: 't1',
      next: { kind: 'result', shown, phone: '0812345678' },
    });
    expect(kioskReducer(photo, { type: 'photoDone' }).step).toEqual({
      kind: 'result',
      shown,
      phone: '0812345678',
    });
  });

  it('checks in: clears the code and shows the ticket with its status', () => {
    const state = run(
      { type: 'tab', tab: 'checkin' },
      { type: 'edit', field: 'bookingCode', edit: { set: 'AB12' } },
      { type: 'start' },
      { type: 'checkedIn', shown, status: 'unvalidated', ticketId: 't9', photo: false },
    );
    expect(state).toMatchObject({
      bookingCode: '',
      pending: false,
      step: { kind: 'checked-in', status: 'unvalidated' },
    });
  });

  it('keeps the step on failure and shows why', () => {
    const phone = run(
      { type: 'choose', step: 'delivery', service: plain, sub: null },
      { type: 'askPhone' },
      { type: 'start' },
    );
    const failed = kioskReducer(phone, { type: 'failed', error: null, phoneInvalid: true });
    expect(failed).toMatchObject({ pending: false, phoneInvalid: true, step: { kind: 'phone' } });
    expect(kioskReducer(failed, { type: 'start' }).phoneInvalid).toBe(false);
  });

  it('is at its start only on the services tab without a message', () => {
    expect(isAtStart(initialKioskState)).toBe(true);
    expect(isAtStart(run({ type: 'error', error: { key: 'error.offline' } }))).toBe(false);
    expect(isAtStart(run({ type: 'tab', tab: 'checkin' }))).toBe(false);
    expect(
      isAtStart(run({ type: 'choose', step: 'sub', service: teller, sub: null }, { type: 'home' })),
    ).toBe(true);
  });
});

describe('issueFailure', () => {
  it('keeps the Idempotency-Key when the server may have issued (network, 5xx, 429)', () => {
    expect(issueFailure({ status: 0, code: 'NETWORK_ERROR', message: '' }, false)).toMatchObject({
      netDown: true,
      forgetIntent: false,
      error: { key: 'error.network' },
    });
    expect(issueFailure({ status: 503, code: 'INTERNAL_ERROR', message: 'x' }, false)).toMatchObject({
      forgetIntent: false,
      error: { key: 'error.server' },
    });
    expect(issueFailure({ status: 429, code: 'RATE_LIMITED', message: 'x' }, false)).toMatchObject({
      forgetIntent: false,
      error: { key: 'error.rateLimited' },
    });
  });
  it('forgets the intent when refused, reloading the services when one closed meanwhile', () => {
    expect(issueFailure({ status: 409, code: 'SERVICE_NOT_AVAILABLE', message: 'x' }, false)).toMatchObject({
      forgetIntent: true,
      reload: true,
      error: { key: 'error.notAvailable' },
    });
    expect(issueFailure({ status: 400, code: 'VALIDATION_FAILED', message: 'x' }, true)).toMatchObject({
      phoneInvalid: true,
      error: null,
    });
    expect(issueFailure({ status: 400, code: 'VALIDATION_FAILED', message: 'Bad' }, false)).toMatchObject({
      error: { text: 'Bad' },
    });
  });
});

describe('checkInFailure', () => {
  it.each([
    [{ status: 0, code: 'NETWORK_ERROR', message: '' }, { key: 'error.network' }, true],
    [{ status: 404, code: 'NOT_FOUND', message: 'x' }, { key: 'checkin.notFound' }, false],
    [{ status: 409, code: 'TICKET_INVALID_TRANSITION', message: 'x' }, { key: 'checkin.invalid' }, false],
    [{ status: 429, code: 'RATE_LIMITED', message: 'x' }, { key: 'error.rateLimited' }, false],
    [{ status: 500, code: 'INTERNAL_ERROR', message: '' }, { key: 'error.server' }, false],
  ])('%o → %o', (failure, error, netDown) => {
    expect(checkInFailure(failure)).toEqual({ error, netDown });
  });
});

describe('intentFor', () => {
  it('reuses the key for the same choice and takes a new one for another', () => {
    let n = 0;
    const key = () => `k${(n += 1)}`;
    const first = intentFor(null, 'a', key);
    expect(intentFor(first, 'a', key)).toBe(first);
    expect(intentFor(first, 'b', key)).toEqual({ signature: 'b', key: 'k2' });
  });
});
