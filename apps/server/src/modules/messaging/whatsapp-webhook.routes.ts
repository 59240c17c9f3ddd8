import type { FastifyInstance } from 'fastify';
import { whatsappWebhookContract } from '@antrean/shared/contracts/whatsapp-webhook.contract';
import { AppError } from '../../lib/errors';
import { defineRoute } from '../../lib/route';
import type { WhatsAppWebhookService } from './whatsapp-webhook.service';

/**
 * The WhatsApp Cloud webhook. The signature is an HMAC of the exact bytes Meta sent, so these
 * routes live in their own plugin whose JSON parser keeps the body as a Buffer (every other
 * route keeps Fastify's parsed JSON). Rate-limited per address: Meta batches its notifications.
 */
export function whatsappWebhookRoutes(app: FastifyInstance, webhook: WhatsAppWebhookService): void {
  void app.register((raw, _options, done) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, parsed) => {
      parsed(null, body);
    });
    defineRoute(
      raw,
      whatsappWebhookContract.verify,
      { auth: 'public', rateLimitPerMinute: 60 },
      async ({ params, query, reply }) => {
        const challenge = await webhook.verify(params.tenantId, query);
        // Meta expects the challenge back as it sent it, not as a JSON string.
        return reply.code(200).type('text/plain; charset=utf-8').send(challenge);
      },
    );
    defineRoute(
      raw,
      whatsappWebhookContract.receive,
      { auth: 'public', rateLimitPerMinute: 600 },
      ({ params, request }) => {
        const body: unknown = request.body;
        if (!Buffer.isBuffer(body)) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
        const signature = request.headers['x-hub-signature-256'];
        return webhook.receive(params.tenantId, body, typeof signature === 'string' ? signature : undefined);
      },
    );
    done();
  });
}
