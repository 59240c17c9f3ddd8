import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { BoardCounterSchema, StationSchema } from '../contracts/monitor.contract';
import { TicketStatusSchema } from '../domain/ticket/status';
import { BranchQueueSchema, PublicTicketSchema, TicketSchema } from '../domain/ticket/ticket';
import { VOICE_MODES } from '../voice/announcement';
import type { LiveEventType, TopicKind } from './topics';

/**
 * What travels on each live topic: its snapshot and the payload of every event, as schemas. The
 * server publishes against these types (a payload of the wrong shape does not compile), the staff
 * screens and the device apps read them with these types (device apps import types only, so their
 * bundle carries no schema), and the server's live tests check every frame they receive against the
 * schemas at run time.
 *
 * Two audiences: staff topics (`branch:`, `counter:`) carry whole tickets; public topics
 * (`display:`, `ticket:`) carry what anyone in the waiting room may see, with no personal data.
 */

/** A ticket as a public topic shows it in an event: no name, no phone. */
const LiveTicketSchema = z.object({
  id: IdSchema,
  number: z.string(),
  status: TicketStatusSchema,
  serviceId: IdSchema,
  counterId: IdSchema.nullable(),
  calledAt: z.number().nullable(),
  recallCount: z.number().int(),
});
export type LiveTicket = z.infer<typeof LiveTicketSchema>;

/**
 * The FX board of a display: the tenant's currencies with their rates (exact decimal strings) and
 * when any of them last changed (null: none yet). The `fx.updated` event carries the same.
 */
const DisplayFxSchema = z.object({
  currencies: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      flag: z.string().nullable(),
      buy: z.string(),
      sell: z.string(),
      bankNoteBuy: z.string().nullable(),
      bankNoteSell: z.string().nullable(),
      ttCounterBuy: z.string().nullable(),
      ttCounterSell: z.string().nullable(),
    }),
  ),
  updatedAt: z.number().nullable(),
});
export type DisplayFx = z.infer<typeof DisplayFxSchema>;

/** The interest-rate board: the tenant's active products with their items (percentages as text). */
const DisplayRatesSchema = z.object({
  products: z.array(
    z.object({
      name: z.string(),
      items: z.array(z.object({ name: z.string(), percentage: z.string() })),
    }),
  ),
});
export type DisplayRates = z.infer<typeof DisplayRatesSchema>;

/**
 * How the display speaks a call: the tenant's voice (the display's own mode overrides the
 * tenant's), number reading and sentences. `voice.updated` carries the same.
 */
const DisplayVoiceSchema = z.object({
  mode: z.enum(VOICE_MODES),
  numberStyle: z.enum(['number', 'digits']),
  templateId: z.string().nullable(),
  templateEn: z.string().nullable(),
  rate: z.number(),
  pitch: z.number(),
  volume: z.number(),
  voiceNameId: z.string().nullable(),
  voiceNameEn: z.string().nullable(),
  repeat: z.number().int(),
});
export type DisplayVoice = z.infer<typeof DisplayVoiceSchema>;

/**
 * A display's state: the branch's counters with what they call, waiting counts and recent calls,
 * and its boards (a display that reconnects gets them in the snapshot, whatever it missed).
 */
const DisplaySnapshotSchema = z.object({
  branch: z.object({ id: IdSchema, code: z.string(), name: z.string(), timeZone: z.string() }),
  serviceDay: z.string(),
  counters: z.array(BoardCounterSchema.extend({ current: LiveTicketSchema.nullable() })),
  services: z.array(
    z.object({ id: IdSchema, code: z.string(), name: z.string(), waiting: z.number().int() }),
  ),
  /** Newest first; each with the counter that called it. */
  recentCalls: z.array(LiveTicketSchema),
  fx: DisplayFxSchema,
  rates: DisplayRatesSchema,
  voice: DisplayVoiceSchema,
});
export type DisplaySnapshot = z.infer<typeof DisplaySnapshotSchema>;

/** A counter's state: the ticket it is handling. */
const CounterSnapshotSchema = z.object({ counterId: IdSchema, activeTicket: TicketSchema.nullable() });
export type CounterSnapshot = z.infer<typeof CounterSnapshotSchema>;

const StaffTicketEventSchema = z.object({ ticket: TicketSchema, fromStatus: TicketStatusSchema.nullable() });
const PublicTicketEventSchema = z.object({ ticket: LiveTicketSchema });
const QueueResetSchema = z.object({ serviceId: IdSchema.nullable(), day: z.string() });
const StaffCounterSchema = z.object({ counterId: IdSchema, station: StationSchema.nullable() });
const PublicCounterSchema = z.object({ counterId: IdSchema });
/**
 * The services a branch offers changed (a service was edited, deactivated, reactivated or
 * deleted, or the branch's offer or counter mapping changed): screens that list them read them
 * again. `serviceId` names the service when one did.
 */
const CatalogChangedSchema = z.object({ serviceId: IdSchema.nullable() });
/** A kiosk's topic carries no state of its own: the snapshot only names the kiosk's branch. */
const KioskSnapshotSchema = z.object({ branchId: IdSchema });
/** A display's settings changed (layout, counter, services, voice): its screens reload their config. */
const DisplayUpdatedSchema = z.object({ displayId: IdSchema });
/** A kiosk's settings changed (name, paper width, services): the open kiosk reloads its config. */
const KioskUpdatedSchema = z.object({ kioskId: IdSchema });
/** The tenant's active theme changed: screens reload their config (colours, logo, favicon). */
const ThemeUpdatedSchema = z.object({ themeId: IdSchema.nullable() });
/** A running text, banner or video the display shows changed: its screens reload their config. */
const MediaUpdatedSchema = z.object({ kind: z.enum(['running_text', 'banner', 'video']) });

/** Every event type with the schema of its payload (a new event type must be added here to compile). */
function eventsMap<T extends z.ZodType, R extends z.ZodType, C extends z.ZodType>(
  ticket: T,
  reset: R,
  counter: C,
) {
  return {
    'ticket.issued': ticket,
    'ticket.checked_in': ticket,
    'ticket.validated': ticket,
    'ticket.called': ticket,
    'ticket.recalled': ticket,
    'ticket.announced': ticket,
    'ticket.serving': ticket,
    'ticket.held': ticket,
    'ticket.skipped': ticket,
    'ticket.requeued': ticket,
    'ticket.transferred': ticket,
    'ticket.finished': ticket,
    'ticket.cancelled': ticket,
    'ticket.no_show': ticket,
    'queue.reset': reset,
    'counter.updated': counter,
    'catalog.changed': CatalogChangedSchema,
    'display.updated': DisplayUpdatedSchema,
    'kiosk.updated': KioskUpdatedSchema,
    'theme.updated': ThemeUpdatedSchema,
    'fx.updated': DisplayFxSchema,
    'media.updated': MediaUpdatedSchema,
    'rates.updated': DisplayRatesSchema,
    'voice.updated': DisplayVoiceSchema,
  } satisfies Record<LiveEventType, z.ZodType>;
}

export const STAFF_EVENTS = eventsMap(StaffTicketEventSchema, QueueResetSchema, StaffCounterSchema);
const PUBLIC_EVENTS = eventsMap(PublicTicketEventSchema, QueueResetSchema, PublicCounterSchema);

/** The map: per topic kind, its snapshot schema and its events' payload schemas. */
export const LIVE_TOPICS = {
  branch: { snapshot: BranchQueueSchema, events: STAFF_EVENTS },
  counter: { snapshot: CounterSnapshotSchema, events: STAFF_EVENTS },
  display: { snapshot: DisplaySnapshotSchema, events: PUBLIC_EVENTS },
  ticket: { snapshot: PublicTicketSchema, events: PUBLIC_EVENTS },
  kiosk: { snapshot: KioskSnapshotSchema, events: PUBLIC_EVENTS },
} as const satisfies Record<TopicKind, { snapshot: z.ZodType; events: Record<LiveEventType, z.ZodType> }>;

type Topics = typeof LIVE_TOPICS;

/** The snapshot a topic of kind K sends first. */
export type LiveSnapshotOf<K extends TopicKind> = z.infer<Topics[K]['snapshot']>;
/** The payload of event T on a topic of kind K. */
export type LiveEventData<K extends TopicKind, T extends LiveEventType> = z.infer<Topics[K]['events'][T]>;
/** One event on a topic of kind K, discriminated by its type. */
export type LiveEventOf<K extends TopicKind> = {
  [T in LiveEventType]: { type: T; data: LiveEventData<K, T> };
}[LiveEventType];
/** What a screen folds into its state: the snapshot, then events. */
export type LiveMessageOf<K extends TopicKind> =
  { kind: 'snapshot'; data: LiveSnapshotOf<K> } | ({ kind: 'event' } & LiveEventOf<K>);

/** What staff topics carry for event T, and what public topics carry for it. */
export type StaffEventData<T extends LiveEventType> = LiveEventData<'branch', T>;
export type PublicEventData<T extends LiveEventType> = LiveEventData<'display', T>;

/**
 * Checks one server frame of a topic of kind `kind` against the map: used by tests of the server
 * (every frame they receive) and available to any reader that must not trust its input.
 */
export function parseLiveData(
  kind: TopicKind,
  frame: { type: string; data: unknown },
): { success: true } | { success: false; error: string } {
  const topic = LIVE_TOPICS[kind];
  const events: Partial<Record<string, z.ZodType>> = topic.events;
  const schema = frame.type === 'snapshot' ? topic.snapshot : events[frame.type];
  if (!schema) return { success: false, error: `unknown event type ${frame.type}` };
  const result = schema.safeParse(frame.data);
  return result.success ? { success: true } : { success: false, error: z.prettifyError(result.error) };
}
