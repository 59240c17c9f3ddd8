import { z } from 'zod';

/** Ticket statuses; the allowed moves between them are the table in `transitions.ts`. */
export const TICKET_STATUSES = [
  'booked', // not checked in
  'unvalidated', // not validated
  'waiting', // ready to be called
  'calling', // being called (the display announces it)
  'called', // already called, customer on the way
  'serving', // being served
  'held', // postponed (held)
  'skipped', // postponed (skipped)
  'finished',
  'no_show',
  'cancelled',
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TicketStatusSchema = z.enum(TICKET_STATUSES);

/** Statuses a ticket never leaves. */
export const FINAL_STATUSES: readonly TicketStatus[] = ['finished', 'no_show', 'cancelled'];
/** A counter's active ticket: at most one per counter. */
export const ACTIVE_STATUSES: readonly TicketStatus[] = ['calling', 'called', 'serving'];
export const POSTPONED_STATUSES: readonly TicketStatus[] = ['held', 'skipped'];

export const CHANNELS = ['kiosk', 'operator', 'web', 'api'] as const;
export type TicketChannel = (typeof CHANNELS)[number];
export const ChannelSchema = z.enum(CHANNELS);
