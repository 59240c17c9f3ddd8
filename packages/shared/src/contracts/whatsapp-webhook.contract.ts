import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { defineContract } from './contract';

/**
 * The WhatsApp Cloud delivery-status webhook of one tenant (its URL is entered in the tenant's
 * Meta app): Meta's subscription handshake, and the signed status notifications (sent,
 * delivered, read, failed) that update the outbox. Public: the verify token and the
 * `X-Hub-Signature-256` HMAC with the tenant's app secret authenticate them.
 */
const WebhookParamsSchema = z.object({ tenantId: IdSchema });

const HandshakeQuerySchema = z.object({
  'hub.mode': z.string().max(64).optional(),
  'hub.verify_token': z.string().max(256).optional(),
  'hub.challenge': z.string().max(256).optional(),
});

const WebhookResultSchema = z
  .object({
    /** Outbox rows whose status changed. */
    updated: z.number().int(),
  })
  .meta({ id: 'WhatsAppWebhookResult' });

export const whatsappWebhookContract = {
  verify: defineContract({
    method: 'GET',
    path: '/api/v1/webhooks/whatsapp/:tenantId',
    summary: "Meta's webhook handshake: answers hub.challenge (text) when hub.verify_token matches",
    tags: ['webhooks'],
    params: WebhookParamsSchema,
    query: HandshakeQuerySchema,
    responses: { 200: z.string() },
  }),
  receive: defineContract({
    method: 'POST',
    path: '/api/v1/webhooks/whatsapp/:tenantId',
    summary: 'Delivery statuses from WhatsApp Cloud (signed with X-Hub-Signature-256; raw JSON body)',
    tags: ['webhooks'],
    params: WebhookParamsSchema,
    responses: { 200: WebhookResultSchema },
  }),
};
