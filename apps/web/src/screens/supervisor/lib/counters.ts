import type { Monitor } from '@antrean/shared/contracts/monitor.contract';

export const COUNTER_STATES = ['serving', 'calling', 'idle', 'empty'] as const;
export type CounterState = (typeof COUNTER_STATES)[number];

export type MonitorCounter = Monitor['counters'][number];

/** What a counter is doing: serving, calling, staffed and idle, or nobody signed in. */
export function counterState(counter: Pick<MonitorCounter, 'caller' | 'current'>): CounterState {
  const status = counter.current?.status;
  if (status === 'serving') return 'serving';
  if (status === 'calling' || status === 'called') return 'calling';
  return counter.caller ? 'idle' : 'empty';
}

/** A counter's running timer: the serving time against the SLA, or how long the ticket has been called. */
export type CounterTimer =
  | { phase: 'serving'; seconds: number; slaSeconds: number | null; breached: boolean }
  | { phase: 'calling'; seconds: number };

/**
 * The timer of a counter at `serverNow` (the server's clock: the monitor's `now` plus the time
 * since it was fetched). The SLA is a serving time: it runs from the start of service, so a
 * ticket that is only called has no SLA yet and is never "breached".
 */
export function counterTimer(
  counter: Pick<MonitorCounter, 'current' | 'slaSeconds'>,
  serverNow: number,
): CounterTimer | null {
  const ticket = counter.current;
  if (!ticket) return null;
  const since = (at: number) => Math.max(0, Math.floor((serverNow - at) / 1000));
  if (ticket.status === 'serving' && ticket.servingStartedAt !== null) {
    const seconds = since(ticket.servingStartedAt);
    const { slaSeconds } = counter;
    return { phase: 'serving', seconds, slaSeconds, breached: slaSeconds !== null && seconds >= slaSeconds };
  }
  if (ticket.calledAt === null) return null;
  return { phase: 'calling', seconds: since(ticket.calledAt) };
}

/** "2 minutes ago" in the interface language. */
export function relativeTime(at: number, now: number, language: string): string {
  const rtf = new Intl.RelativeTimeFormat(language === 'en' ? 'en' : 'id', { numeric: 'auto' });
  const seconds = Math.round((at - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86_400), 'day');
}
