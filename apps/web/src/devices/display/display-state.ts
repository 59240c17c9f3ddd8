import type { TicketStatus } from '@antrean/shared/domain/ticket/status';
import type { DisplaySnapshot, LiveMessageOf, LiveTicket } from '@antrean/shared/live/events';
import type { LiveMessage } from '@/lib/use-live';
import { readLiveMessage } from '../common/live.mapper';

/**
 * The display's live state: the `display:` topic's snapshot (DisplaySnapshot in
 * @antrean/shared/live/events) with the topic's events folded in. Pure: no React, no DOM, so it is
 * unit tested on its own (display-state.test.ts).
 *
 * The latest calls are real calls: tickets called at a counter that are still that counter's. A
 * ticket that leaves its counter without being served there (transferred to another service,
 * sent back to the queue: its counter becomes null) is dropped from them, so no layout shows it
 * as "now calling" with no counter.
 */

/** What a display may see of a ticket (no name, no phone). */
export type PublicTicket = LiveTicket;

export type { DisplaySnapshot };
export type DisplayCounter = DisplaySnapshot['counters'][number];

/** One call to announce; `key` is unique per call and per recall of the same ticket. */
interface DisplayCall {
  key: string;
  ticket: PublicTicket;
  counterName: string;
  counterNumber: number | null;
}

export interface DisplayState extends DisplaySnapshot {
  /** Tickets seen in the snapshot or in events, to make a repeated event a no-op. */
  known: Record<string, PublicTicket>;
  /** Calls in arrival order (newest last, capped); the screen announces the keys it has not announced yet. */
  calls: DisplayCall[];
  /** Bumped when the screen should fetch a fresh snapshot (queue reset, counter changes, unknown counter). */
  resync: number;
  /** Bumped when the display's settings or the theme changed: the screen reloads its config. */
  reconfigure: number;
}

const RECENT_CALLS_LIMIT = 10;
const CALL_LOG_LIMIT = 50;
const ACTIVE: readonly TicketStatus[] = ['calling', 'called', 'serving'];

function callKey(ticket: PublicTicket): string {
  return `${ticket.id}:${ticket.recallCount}`;
}

function sameTicket(a: PublicTicket, b: PublicTicket): boolean {
  return (
    a.status === b.status &&
    a.serviceId === b.serviceId &&
    a.counterId === b.counterId &&
    a.recallCount === b.recallCount &&
    a.calledAt === b.calledAt &&
    a.number === b.number
  );
}

function callFor(ticket: PublicTicket, counters: DisplayCounter[]): DisplayCall {
  const counter = counters.find((c) => c.id === ticket.counterId);
  return {
    key: callKey(ticket),
    ticket,
    counterName: counter?.name ?? '',
    counterNumber: counter?.number ?? null,
  };
}

/** A call made at a counter that the ticket is still at (or was served at): what the latest calls list. */
function isRealCall(ticket: PublicTicket): boolean {
  return ticket.calledAt !== null && ticket.counterId !== null;
}

/** A fresh snapshot replaces everything; tickets still `calling` (not announced yet) go to the call log. */
function fromSnapshot(snapshot: DisplaySnapshot, resync = 0, reconfigure = 0): DisplayState {
  const known: Record<string, PublicTicket> = {};
  for (const ticket of snapshot.recentCalls) known[ticket.id] = ticket;
  // A server from before this rule could still list a ticket that left its counter.
  const recentCalls = snapshot.recentCalls.filter(isRealCall);
  for (const counter of snapshot.counters) if (counter.current) known[counter.current.id] = counter.current;
  const calling = snapshot.counters
    .map((c) => c.current)
    .filter((t): t is PublicTicket => t !== null && t.status === 'calling')
    .sort((a, b) => (a.calledAt ?? 0) - (b.calledAt ?? 0));
  return {
    ...snapshot,
    recentCalls,
    known,
    calls: calling.map((t) => callFor(t, snapshot.counters)),
    resync,
    reconfigure,
  };
}

/**
 * Whether the ticket was counted as waiting before this event, when the display has not seen it
 * yet (the snapshot only carries counts). A call takes a ticket from the waiting line; everything
 * else starts from a state that is not `waiting` (issued, checked in, at a counter, postponed).
 * Any drift is corrected by the next snapshot (the screen resyncs periodically).
 */
function inferredWasWaiting(type: string): boolean {
  return type === 'ticket.called';
}

/** Latest calls: a (re)call goes on top; a ticket that left its counter is no call any more. */
function nextRecentCalls(recent: PublicTicket[], ticket: PublicTicket, isCall: boolean): PublicTicket[] {
  const others = recent.filter((t) => t.id !== ticket.id);
  if (!isRealCall(ticket)) return others.length === recent.length ? recent : others;
  if (isCall) return [ticket, ...others].slice(0, RECENT_CALLS_LIMIT);
  return recent.map((t) => (t.id === ticket.id ? ticket : t));
}

function applyTicket(state: DisplayState, type: string, ticket: PublicTicket): DisplayState {
  const previous = state.known[ticket.id];
  const isCall = type === 'ticket.called' || type === 'ticket.recalled';
  if (previous && sameTicket(previous, ticket)) return state; // a repeated event

  // Waiting counts per service.
  const wasWaiting = previous ? previous.status === 'waiting' : inferredWasWaiting(type);
  const fromService = previous?.serviceId ?? ticket.serviceId;
  const nowWaiting = ticket.status === 'waiting';
  let services = state.services;
  if (wasWaiting || nowWaiting) {
    services = services.map((s) => {
      let waiting = s.waiting;
      if (wasWaiting && s.id === fromService) waiting = Math.max(0, waiting - 1);
      if (nowWaiting && s.id === ticket.serviceId) waiting += 1;
      return waiting === s.waiting ? s : { ...s, waiting };
    });
  }

  // The counters' current tickets.
  const active = ACTIVE.includes(ticket.status) && ticket.counterId !== null;
  const counters = state.counters.map((c) => {
    if (active && c.id === ticket.counterId) return { ...c, current: ticket };
    if (c.current?.id === ticket.id) return { ...c, current: null };
    return c;
  });
  const unknownCounter = active && !state.counters.some((c) => c.id === ticket.counterId);

  const recentCalls = nextRecentCalls(state.recentCalls, ticket, isCall);

  const calls =
    isCall && ticket.counterId !== null
      ? [...state.calls.filter((c) => c.key !== callKey(ticket)), callFor(ticket, counters)].slice(
          -CALL_LOG_LIMIT,
        )
      : state.calls;

  return {
    ...state,
    services,
    counters,
    recentCalls,
    calls,
    known: { ...state.known, [ticket.id]: ticket },
    resync: unknownCounter ? state.resync + 1 : state.resync,
  };
}

/** The reducer handed to `useLiveTopic('display:<code>', reduceDisplay)`. */
export function reduceDisplay(state: DisplayState | undefined, live: LiveMessage): DisplayState {
  try {
    return foldDisplay(state, readLiveMessage('display', live));
  } catch {
    // A frame of another shape (a proxy's page, a server of another version) changes nothing; the
    // periodic resync brings the screen back to the server's state. The display never goes blank.
    return state ?? emptyState();
  }
}

function foldDisplay(state: DisplayState | undefined, message: LiveMessageOf<'display'>): DisplayState {
  if (message.kind === 'snapshot') {
    // A snapshot after the first (a reconnect, a resubscription) may follow changes the display
    // missed while away (running texts, banners, videos, settings): the config is read again too.
    const again = hasSnapshot(state) ? 1 : 0;
    return fromSnapshot(message.data, state?.resync ?? 0, (state?.reconfigure ?? 0) + again);
  }
  if (!state) return emptyState(); // events before a snapshot are covered by it
  if (
    message.type === 'queue.reset' ||
    message.type === 'counter.updated' ||
    message.type === 'catalog.changed'
  ) {
    return { ...state, resync: state.resync + 1 };
  }
  if (
    message.type === 'display.updated' ||
    message.type === 'theme.updated' ||
    message.type === 'media.updated'
  ) {
    return { ...state, reconfigure: state.reconfigure + 1 };
  }
  // The boards come whole: the new one replaces the old.
  if (message.type === 'fx.updated') return { ...state, fx: message.data };
  if (message.type === 'rates.updated') return { ...state, rates: message.data };
  if (message.type === 'kiosk.updated') return state; // a kiosk's topic only
  if (message.type === 'voice.updated') return { ...state, voice: message.data };
  return applyTicket(state, message.type, message.data.ticket);
}

function emptyState(): DisplayState {
  return {
    branch: { id: '', code: '', name: '', timeZone: 'Asia/Jakarta' },
    serviceDay: '',
    counters: [],
    services: [],
    recentCalls: [],
    fx: { currencies: [], updatedAt: null },
    rates: { products: [] },
    voice: {
      mode: 'off',
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
    known: {},
    calls: [],
    resync: 0,
    reconfigure: 0,
  };
}

/** True when the state came from a real snapshot (not the placeholder for early events). */
export function hasSnapshot(state: DisplayState | undefined): state is DisplayState {
  return state !== undefined && state.branch.id !== '';
}
