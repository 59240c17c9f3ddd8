import { z } from 'zod';
import { LANGUAGES } from '../i18n/lang';
import { WhatsAppTemplatesSchema } from './message';

/** The WhatsApp providers: `log` (messages go to the server log and the outbox page) or the Cloud API. */
export const WHATSAPP_PROVIDERS = ['log', 'whatsapp-cloud'] as const;
export type WhatsAppProvider = (typeof WHATSAPP_PROVIDERS)[number];

/** Bounds of the tenant settings (a check-in window of up to 4 hours each side, …). */
export const SETTINGS_LIMITS = {
  checkInMinutes: { min: 0, max: 240 },
  skipLimit: { min: 0, max: 20 },
  reviewTimeoutSeconds: { min: 3, max: 120 },
  phoneNumberIdMax: 32,
  accessTokenMax: 1024,
  appSecretMax: 128,
  verifyTokenMax: 128,
} as const;

const minutes = z
  .number()
  .int({ error: 'v.number.int' })
  .min(SETTINGS_LIMITS.checkInMinutes.min)
  .max(SETTINGS_LIMITS.checkInMinutes.max);

/**
 * The tenant's settings (`/dashboard/konfigurasi`) as the API answers them. The WhatsApp access
 * token is stored encrypted and never leaves the server: only whether one is set.
 */
export const TenantSettingsSchema = z
  .object({
    defaultLanguage: z.enum(LANGUAGES, { error: 'v.mustChoose' }),
    /** A booking may be checked in from this many minutes before its slot starts… */
    checkInBeforeMinutes: minutes,
    /** …until this many minutes after; outside the window the check-in needs validation. */
    checkInAfterMinutes: minutes,
    /** Skips a ticket may have; the next skip makes it a no-show. */
    skipLimit: z
      .number()
      .int({ error: 'v.number.int' })
      .min(SETTINGS_LIMITS.skipLimit.min)
      .max(SETTINGS_LIMITS.skipLimit.max),
    /** Seconds a call stays "being called" (the display's announcement) before it counts as called. */
    reviewTimeoutSeconds: z
      .number()
      .int({ error: 'v.number.int' })
      .min(SETTINGS_LIMITS.reviewTimeoutSeconds.min)
      .max(SETTINGS_LIMITS.reviewTimeoutSeconds.max),
    whatsappProvider: z.enum(WHATSAPP_PROVIDERS, { error: 'v.mustChoose' }),
    /** The WhatsApp Cloud API's phone number id (digits); empty when not set. */
    whatsappPhoneNumberId: z
      .string()
      .trim()
      .max(SETTINGS_LIMITS.phoneNumberIdMax)
      .regex(/^\d*$/, { error: 'v.format' }),
    whatsappAccessTokenSet: z.boolean(),
    /** Whether the Meta app secret (it signs the delivery-status webhook) is stored. */
    whatsappAppSecretSet: z.boolean(),
    /** Whether the webhook's verify token (Meta's subscription handshake) is stored. */
    whatsappVerifyTokenSet: z.boolean(),
    /** The Cloud API template name per message kind; empty = that kind goes as a text message. */
    whatsappTemplates: WhatsAppTemplatesSchema,
  })
  .meta({ id: 'TenantSettings' });
export type TenantSettings = z.infer<typeof TenantSettingsSchema>;

/**
 * What the admin saves (the form and the request share it). `whatsappAccessToken` empty keeps
 * the stored token; a new one replaces it. The Cloud provider needs a phone number id; a token
 * too, which the server checks against the stored one (`whatsappAccessToken: v.required`).
 * `whatsappTemplates` left out keeps the stored names (clients older than the field); the app
 * secret and the verify token of the delivery-status webhook are kept like the token.
 */
export const TenantSettingsInputSchema = TenantSettingsSchema.omit({
  whatsappAccessTokenSet: true,
  whatsappAppSecretSet: true,
  whatsappVerifyTokenSet: true,
  whatsappTemplates: true,
})
  .extend({
    whatsappAccessToken: z.string().trim().max(SETTINGS_LIMITS.accessTokenMax),
    whatsappTemplates: WhatsAppTemplatesSchema.optional(),
    /** Like the token: empty or left out keeps the stored one; stored encrypted, never answered. */
    whatsappAppSecret: z.string().trim().max(SETTINGS_LIMITS.appSecretMax).optional(),
    whatsappVerifyToken: z.string().trim().max(SETTINGS_LIMITS.verifyTokenMax).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.whatsappProvider === 'whatsapp-cloud' && value.whatsappPhoneNumberId === '') {
      ctx.addIssue({ code: 'custom', path: ['whatsappPhoneNumberId'], message: 'v.required' });
    }
  });
export type TenantSettingsInput = z.infer<typeof TenantSettingsInputSchema>;
