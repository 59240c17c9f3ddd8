import { z } from 'zod';
import { defineContract } from './contract';
import {
  TenantSettingsInputSchema,
  TenantSettingsSchema,
  WHATSAPP_PROVIDERS,
} from '../domain/tenant-settings';
import { PhoneSchema } from '../common/phone';

/**
 * The tenant's settings (`/dashboard/konfigurasi`, admin of the tenant): read, save (audited,
 * the token never in the audit), and send a test WhatsApp message through the configured
 * provider to check the credentials.
 */
export const SendTestMessageBodySchema = z.object({ to: PhoneSchema }).strict();
export type SendTestMessageBody = z.infer<typeof SendTestMessageBodySchema>;

const TestMessageResultSchema = z
  .object({
    provider: z.enum(WHATSAPP_PROVIDERS),
    /** The provider's message id (WhatsApp Cloud), null for the log provider. */
    providerMessageId: z.string().nullable(),
  })
  .meta({ id: 'TestMessageResult' });
export type TestMessageResult = z.infer<typeof TestMessageResultSchema>;

export const settingsContract = {
  get: defineContract({
    method: 'GET',
    path: '/api/v1/settings',
    summary: "The tenant's settings (admin); the WhatsApp token only as set / not set",
    tags: ['settings'],
    responses: { 200: TenantSettingsSchema },
  }),
  update: defineContract({
    method: 'PUT',
    path: '/api/v1/settings',
    summary: "Save the tenant's settings (admin, audited); an empty token keeps the stored one",
    tags: ['settings'],
    body: TenantSettingsInputSchema,
    responses: { 200: TenantSettingsSchema },
  }),
  sendTestMessage: defineContract({
    method: 'POST',
    path: '/api/v1/settings/whatsapp/test',
    summary: 'Send a test WhatsApp message through the saved provider (admin)',
    tags: ['settings'],
    body: SendTestMessageBodySchema,
    responses: { 200: TestMessageResultSchema },
  }),
};
