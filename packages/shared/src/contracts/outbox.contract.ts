import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import { MESSAGE_STATUSES, OutboxMessageSchema } from '../domain/message';
import { listPageSchema, listQuerySchema } from './list';

/**
 * The tenant's WhatsApp outbox (`/dashboard/parameter/pesan`, admin of the tenant): every message
 * with its kind, the recipient masked, its status, tries and last error, newest first, filtered
 * by status; a failed message can be tried again (audited).
 */
export const OUTBOX_SORT_FIELDS = ['createdAt', 'status', 'attempts'] as const;
export type OutboxSortField = (typeof OUTBOX_SORT_FIELDS)[number];

export const OutboxListQuerySchema = listQuerySchema({
  sortFields: OUTBOX_SORT_FIELDS,
  defaultSort: 'createdAt',
  filters: { status: z.enum(MESSAGE_STATUSES).optional() },
});
export type OutboxListQuery = z.infer<typeof OutboxListQuerySchema>;

const OutboxListSchema = listPageSchema(OutboxMessageSchema).meta({ id: 'OutboxList' });
export type OutboxList = z.infer<typeof OutboxListSchema>;

const OutboxParamsSchema = z.object({ messageId: IdSchema });

export const outboxContract = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/outbox',
    summary: "The tenant's WhatsApp messages, page by page, with a status filter (admin)",
    tags: ['outbox'],
    query: OutboxListQuerySchema,
    responses: { 200: OutboxListSchema },
  }),
  retry: defineContract({
    method: 'POST',
    path: '/api/v1/outbox/:messageId/retry',
    summary: 'Try a failed message again now, with a fresh count of tries (admin, audited)',
    tags: ['outbox'],
    params: OutboxParamsSchema,
    responses: { 200: OutboxMessageSchema },
  }),
};
