import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import { BranchParamsSchema } from './branches.contract';
import { TICKET_STATUSES, TicketStatusSchema, type TicketStatus } from '../domain/ticket/status';
import { TicketSchema } from '../domain/ticket/ticket';

/** Statuses listed in queue order by default (tickets that have not been called yet). */
const QUEUE_ORDER_STATUSES: readonly TicketStatus[] = ['booked', 'unvalidated', 'waiting'];

export const TICKET_LIST_ORDERS = ['queue', 'recent'] as const;
export type TicketListOrder = (typeof TICKET_LIST_ORDERS)[number];

const TICKET_LIST_MAX_LIMIT = 200;
const TICKET_LIST_DEFAULT_LIMIT = 50;

/** `status=waiting,held` → ['waiting', 'held'] (comma-separated, deduplicated; unknown names are a 400). */
const TicketStatusListSchema = z
  .string()
  .max(200)
  .transform((raw, ctx) => {
    const out: TicketStatus[] = [];
    for (const part of raw.split(',')) {
      const name = part.trim();
      if (name === '') continue;
      const parsed = TicketStatusSchema.safeParse(name);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'v.enum', input: raw });
        return z.NEVER;
      }
      if (!out.includes(parsed.data)) out.push(parsed.data);
    }
    if (out.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'v.required', input: raw });
      return z.NEVER;
    }
    return out;
  })
  .meta({ description: `Comma-separated ticket statuses: ${TICKET_STATUSES.join(', ')}. Default: all.` });

export const TicketListQuerySchema = z.object({
  status: TicketStatusListSchema.optional(),
  counterId: IdSchema.optional(),
  serviceId: IdSchema.optional(),
  callerUserId: IdSchema.optional().meta({ description: 'Tickets last called by this staff member.' }),
  mine: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .meta({
      description:
        '`true`: tickets last called by the signed-in staff member (not together with callerUserId).',
    }),
  order: z
    .enum(TICKET_LIST_ORDERS)
    .optional()
    .meta({
      description:
        '`queue`: queue time ascending (when the ticket joined the queue; check-in or issue time before that). ' +
        '`recent`: last activity (status change) descending. Default: `queue` when every requested status is ' +
        'booked, unvalidated or waiting, otherwise `recent`.',
    }),
  limit: z.coerce.number().int().min(1).max(TICKET_LIST_MAX_LIMIT).default(TICKET_LIST_DEFAULT_LIMIT),
  cursor: z
    .string()
    .min(1)
    .max(512)
    .optional()
    .meta({ description: '`nextCursor` of the previous page (same filters and order).' }),
});
export type TicketListQuery = z.infer<typeof TicketListQuerySchema>;

const TicketListSchema = z
  .object({
    /** The branch-local day listed (YYYY-MM-DD). */
    serviceDay: z.string(),
    order: z.enum(TICKET_LIST_ORDERS),
    items: z.array(TicketSchema),
    /** Ids of the listed tickets that carry e-form answers (the customer filled the service's form). */
    eformTicketIds: z.array(IdSchema),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'TicketList' });
export type TicketList = z.infer<typeof TicketListSchema>;

/** The default order for a set of statuses (see the `order` parameter). */
export function defaultTicketListOrder(statuses: readonly TicketStatus[] | undefined): TicketListOrder {
  if (!statuses) return 'recent';
  return statuses.every((s) => QUEUE_ORDER_STATUSES.includes(s)) ? 'queue' : 'recent';
}

export const ticketListContract = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/branches/:branchId/tickets',
    summary:
      "Today's tickets of a branch (branch-local day), filtered by status, counter, service or caller; staff of the branch. " +
      'Order: queue order (queue time, then number) for booked/unvalidated/waiting, otherwise newest activity first; ' +
      'override with `order`. Paginated with `limit` and the opaque `cursor` (pages may shift while tickets change).',
    tags: ['tickets'],
    params: BranchParamsSchema,
    query: TicketListQuerySchema,
    responses: { 200: TicketListSchema },
  }),
};
