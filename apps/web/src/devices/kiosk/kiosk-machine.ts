/**
 * The kiosk's steps as a pure state machine: which screen the visitor sees, what they typed, and
 * whether a request is on its way. No React, no DOM, no clock: the screen dispatches events (taps,
 * answers of the server) and renders `state.step`; the machine is unit tested on its own
 * (kiosk-machine.test.ts).
 */
import type { CheckInAnswer, KioskIssueAnswer } from '../common/contracts';
import { activeSubs, type DeviceService } from '../onsite/device-kit';

export type Sub = DeviceService['subServices'][number];

/** A ticket as the result step and the printed copy show it. */
export interface Shown {
  number: string;
  uniqueCode: string;
  service: DeviceService | null;
  sub: Sub | null;
  peopleAhead: number | null;
  estimatedWait: KioskIssueAnswer['estimatedWait'] | null;
  issuedAt: number;
}

export type ResultStep =
  | { kind: 'result'; shown: Shown; phone: string | null }
  | { kind: 'checked-in'; shown: Shown; status: CheckInAnswer['status'] };

type Step =
  | { kind: 'services' }
  | { kind: 'checkin' }
  | { kind: 'sub'; service: DeviceService }
  | { kind: 'delivery'; service: DeviceService; sub: Sub | null }
  | { kind: 'phone'; service: DeviceService; sub: Sub | null }
  | { kind: 'photo'; ticketId: string; next: ResultStep }
  | ResultStep;

/** The catalogue keys of the messages the machine can show. */
type ErrorKey =
  | 'error.offline'
  | 'error.network'
  | 'error.server'
  | 'error.rateLimited'
  | 'error.notAvailable'
  | 'checkin.tooShort'
  | 'checkin.notFound'
  | 'checkin.invalid';

/** A message to show: one of ours (translated when shown), or the server's already-localized text. */
export type KioskError = { key: ErrorKey } | { text: string };

export interface KioskState {
  step: Step;
  /** A ticket is being issued or a booking checked in. */
  pending: boolean;
  error: KioskError | null;
  phone: string;
  phoneInvalid: boolean;
  bookingCode: string;
  scanning: boolean;
}

const PHONE_MAX = 16;
export const BOOKING_CODE_MAX = 32;
export const BOOKING_CODE_MIN = 4;

export const initialKioskState: KioskState = {
  step: { kind: 'services' },
  pending: false,
  error: null,
  phone: '',
  phoneInvalid: false,
  bookingCode: '',
  scanning: false,
};

export type KioskEvent =
  | { type: 'home' }
  | { type: 'tab'; tab: 'services' | 'checkin' }
  | { type: 'back' }
  | { type: 'choose'; step: 'sub' | 'delivery'; service: DeviceService; sub: Sub | null }
  | { type: 'askPhone' }
  | { type: 'edit'; field: 'phone' | 'bookingCode'; edit: Edit }
  | { type: 'phoneInvalid' }
  | { type: 'scan'; on: boolean }
  | { type: 'error'; error: KioskError }
  | { type: 'start' }
  | { type: 'issued'; shown: Shown; phone: string | null; ticketId: string; photo: boolean }
  | { type: 'checkedIn'; shown: Shown; status: CheckInAnswer['status']; ticketId: string; photo: boolean }
  | { type: 'failed'; error: KioskError | null; phoneInvalid: boolean }
  | { type: 'photoDone' };

/** A change to a typed field: a value typed or pasted, a keypad key, the keypad's backspace. */
export type Edit = { set: string } | { append: string } | 'backspace';

function applyEdit(value: string, edit: Edit): string {
  if (edit === 'backspace') return value.slice(0, -1);
  return 'set' in edit ? edit.set : value + edit.append;
}

/** What a tap on a service (or a sub service) leads to: another step, or issuing straight away. */
export type Choice =
  | { step: 'sub' | 'delivery'; service: DeviceService; sub: Sub | null }
  | { issue: { service: DeviceService; sub: Sub | null } };

/**
 * A service with active sub services asks for one first; a branch with WhatsApp tickets then asks
 * how to receive the ticket; otherwise the ticket is printed at once. `sub` undefined: the service
 * itself was tapped.
 */
export function choiceOf(service: DeviceService, sub: Sub | null | undefined, whatsapp: boolean): Choice {
  if (sub === undefined && activeSubs(service).length > 0) return { step: 'sub', service, sub: null };
  const chosen = sub ?? null;
  return whatsapp ? { step: 'delivery', service, sub: chosen } : { issue: { service, sub: chosen } };
}

/** Digits and a leading plus only, at most 16 characters (the keypad and a typed value alike). */
function cleanPhone(value: string): string {
  return value.replace(/[^0-9+]/g, '').slice(0, PHONE_MAX);
}

function cleanBookingCode(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, '')
    .slice(0, BOOKING_CODE_MAX);
}

/** Whether the kiosk sits at its start: nothing to reset when the visitor walks away. */
export function isAtStart(state: KioskState): boolean {
  return state.step.kind === 'services' && state.error === null;
}

const cleared = { error: null, phoneInvalid: false } as const;

export function kioskReducer(state: KioskState, event: KioskEvent): KioskState {
  switch (event.type) {
    case 'home':
      return initialKioskState;
    case 'tab':
      if (state.step.kind !== 'services' && state.step.kind !== 'checkin') return state;
      return { ...state, ...cleared, step: { kind: event.tab }, scanning: false };
    case 'back': {
      const { step } = state;
      if (state.pending) return state;
      if (step.kind === 'phone') {
        return { ...state, ...cleared, step: { kind: 'delivery', service: step.service, sub: step.sub } };
      }
      if (step.kind === 'delivery' && step.sub) {
        return { ...state, ...cleared, step: { kind: 'sub', service: step.service } };
      }
      return initialKioskState;
    }
    case 'choose':
      if (state.pending) return state;
      return { ...state, ...cleared, step: { kind: event.step, service: event.service, sub: event.sub } };
    case 'askPhone':
      if (state.step.kind !== 'delivery' || state.pending) return state;
      return {
        ...state,
        ...cleared,
        phone: '',
        step: { kind: 'phone', service: state.step.service, sub: state.step.sub },
      };
    case 'edit':
      return event.field === 'phone'
        ? { ...state, phone: cleanPhone(applyEdit(state.phone, event.edit)) }
        : { ...state, bookingCode: cleanBookingCode(applyEdit(state.bookingCode, event.edit)) };
    case 'phoneInvalid':
      return { ...state, phoneInvalid: true };
    case 'scan':
      return { ...state, scanning: event.on };
    case 'error':
      return { ...state, error: event.error };
    case 'start':
      return { ...state, ...cleared, pending: true };
    case 'issued': {
      const result: ResultStep = { kind: 'result', shown: event.shown, phone: event.phone };
      return {
        ...state,
        ...cleared,
        pending: false,
        step: event.photo ? { kind: 'photo', ticketId: event.ticketId, next: result } : result,
      };
    }
    case 'checkedIn': {
      const result: ResultStep = { kind: 'checked-in', shown: event.shown, status: event.status };
      return {
        ...state,
        ...cleared,
        pending: false,
        bookingCode: '',
        step: event.photo ? { kind: 'photo', ticketId: event.ticketId, next: result } : result,
      };
    }
    case 'failed':
      return { ...state, pending: false, error: event.error, phoneInvalid: event.phoneInvalid };
    case 'photoDone':
      return state.step.kind === 'photo' ? { ...state, step: state.step.next } : state;
  }
}

/** A failed request, as the screen reads it from `DeviceHttpError`. */
export interface Failure {
  status: number;
  code: string;
  message: string;
}

/** What the screen does after issuing failed. */
export interface IssueOutcome {
  error: KioskError | null;
  phoneInvalid: boolean;
  /** The network failed: show the offline marker. */
  netDown: boolean;
  /** Nothing was issued: a retry is a new intent with a new Idempotency-Key. */
  forgetIntent: boolean;
  /** The service list is stale (a service closed meanwhile): fetch the configuration again. */
  reload: boolean;
}

export function issueFailure(failure: Failure, withPhone: boolean): IssueOutcome {
  const base = { error: null, phoneInvalid: false, netDown: false, forgetIntent: false, reload: false };
  if (failure.code === 'NETWORK_ERROR') return { ...base, netDown: true, error: { key: 'error.network' } };
  // The server may have issued the ticket: a retry keeps the key and gets the same ticket back.
  if (failure.status >= 500) return { ...base, error: { key: 'error.server' } };
  if (failure.status === 429) return { ...base, error: { key: 'error.rateLimited' } };
  const refused = { ...base, forgetIntent: true };
  if (failure.code === 'SERVICE_NOT_AVAILABLE') {
    return { ...refused, error: { key: 'error.notAvailable' }, reload: true };
  }
  if (failure.code === 'VALIDATION_FAILED' && withPhone) return { ...refused, phoneInvalid: true };
  return { ...refused, error: failure.message ? { text: failure.message } : { key: 'error.server' } };
}

export function checkInFailure(failure: Failure): { error: KioskError; netDown: boolean } {
  if (failure.code === 'NETWORK_ERROR') return { error: { key: 'error.network' }, netDown: true };
  if (failure.status === 404) return { error: { key: 'checkin.notFound' }, netDown: false };
  if (failure.code === 'TICKET_INVALID_TRANSITION') {
    return { error: { key: 'checkin.invalid' }, netDown: false };
  }
  if (failure.status === 429) return { error: { key: 'error.rateLimited' }, netDown: false };
  return { error: failure.message ? { text: failure.message } : { key: 'error.server' }, netDown: false };
}

/**
 * The Idempotency-Key of a tap: the same choice retried after a failure keeps its key (the server
 * answers with the ticket it may already have issued); another choice takes a new one.
 */
export function intentFor(
  previous: { signature: string; key: string } | null,
  signature: string,
  newKey: () => string,
): { signature: string; key: string } {
  return previous?.signature === signature ? previous : { signature, key: newKey() };
}
