import { z } from 'zod';

/**
 * Live topics over the one WebSocket `/api/v1/live`:
 * - `branch:<branchId>` and `counter:<counterId>`: staff of the tenant (session cookie);
 * - `display:<code>`: whoever knows the display's code;
 * - `ticket:<uniqueCode>`: whoever holds the ticket's code;
 * - `kiosk:<code>`: whoever knows the kiosk's code (it hears when its branch's catalogue changes).
 */
const TOPIC_KINDS = ['branch', 'counter', 'display', 'ticket', 'kiosk'] as const;
export type TopicKind = (typeof TOPIC_KINDS)[number];

function isTopicKind(value: string): value is TopicKind {
  return TOPIC_KINDS.some((kind) => kind === value);
}

export function parseTopic(topic: string): { kind: TopicKind; id: string } | undefined {
  const match = /^(branch|counter|display|ticket|kiosk):([A-Za-z0-9_-]{1,64})$/.exec(topic);
  // The regex only lets a topic kind through; the guard tells the type checker so.
  if (!match?.[1] || !match[2] || !isTopicKind(match[1])) return undefined;
  return { kind: match[1], id: match[2] };
}

export const topic = {
  branch: (id: string) => `branch:${id}`,
  counter: (id: string) => `counter:${id}`,
  display: (code: string) => `display:${code}`,
  ticket: (uniqueCode: string) => `ticket:${uniqueCode}`,
  kiosk: (code: string) => `kiosk:${code}`,
};

export const LIVE_EVENT_TYPES = [
  'ticket.issued',
  'ticket.checked_in',
  'ticket.validated',
  'ticket.called',
  'ticket.recalled',
  'ticket.announced',
  'ticket.serving',
  'ticket.held',
  'ticket.skipped',
  'ticket.requeued',
  'ticket.transferred',
  'ticket.finished',
  'ticket.cancelled',
  'ticket.no_show',
  'queue.reset',
  'counter.updated',
  'catalog.changed',
  'display.updated',
  'kiosk.updated',
  'theme.updated',
  'fx.updated',
  'media.updated',
  'rates.updated',
  'voice.updated',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** Client → server frames. */
export const ClientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('subscribe'),
    topics: z.array(z.string().max(80)).min(1).max(50),
    /** Resume: the last seq seen per topic, and the epoch of the snapshot it came from. */
    lastSeq: z.record(z.string(), z.number().int().nonnegative()).optional(),
    epoch: z.string().optional(),
  }),
  z.object({ type: z.literal('unsubscribe'), topics: z.array(z.string().max(80)).min(1).max(50) }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('ack'), ticketId: z.string().max(64) }),
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

/** Server → client frames. */
export type ServerFrame =
  | { type: 'snapshot'; topic: string; seq: number; epoch: string; data: unknown }
  | { type: LiveEventType; topic: string; seq: number; data: unknown }
  | { type: 'error'; topic?: string; code: string; message: string }
  | { type: 'pong'; at: number };
