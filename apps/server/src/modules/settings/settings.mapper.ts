import { isLanguage } from '@antrean/shared/i18n/lang';
import {
  WHATSAPP_PROVIDERS,
  type TenantSettings,
  type WhatsAppProvider,
} from '@antrean/shared/domain/tenant-settings';
import {
  NO_TEMPLATES,
  WhatsAppTemplatesSchema,
  type WhatsAppTemplates,
} from '@antrean/shared/domain/message';
import type { SettingsRow } from './settings.repository';

/** The column defaults (migration 0001), for a tenant that has no settings row yet. */
const DEFAULTS: TenantSettings = {
  defaultLanguage: 'id',
  checkInBeforeMinutes: 30,
  checkInAfterMinutes: 15,
  skipLimit: 3,
  reviewTimeoutSeconds: 10,
  whatsappProvider: 'log',
  whatsappPhoneNumberId: '',
  whatsappAccessTokenSet: false,
  whatsappAppSecretSet: false,
  whatsappVerifyTokenSet: false,
  whatsappTemplates: NO_TEMPLATES,
};

/** The stored template names (JSON); a kind the stored JSON lacks (a newer kind) has none. */
export function toTemplates(json: string | null): WhatsAppTemplates {
  if (!json) return NO_TEMPLATES;
  const parsed = WhatsAppTemplatesSchema.partial().safeParse(JSON.parse(json));
  return parsed.success ? { ...NO_TEMPLATES, ...parsed.data } : NO_TEMPLATES;
}

function toProvider(value: string): WhatsAppProvider {
  return WHATSAPP_PROVIDERS.find((p) => p === value) ?? 'log';
}

/** The settings as the API answers them: the token only as set / not set. */
export function toSettings(row: SettingsRow | undefined): TenantSettings {
  if (!row) return DEFAULTS;
  return {
    defaultLanguage: isLanguage(row.default_language) ? row.default_language : 'id',
    checkInBeforeMinutes: Number(row.check_in_before_minutes),
    checkInAfterMinutes: Number(row.check_in_after_minutes),
    skipLimit: Number(row.skip_limit),
    // The "review timeout" is the announcement time of a call (docs/decisions.md §58).
    reviewTimeoutSeconds: Number(row.call_announce_seconds),
    whatsappProvider: toProvider(row.whatsapp_provider),
    whatsappPhoneNumberId: row.whatsapp_phone_number_id ?? '',
    whatsappAccessTokenSet: row.whatsapp_access_token !== null,
    whatsappAppSecretSet: row.whatsapp_app_secret !== null,
    whatsappVerifyTokenSet: row.whatsapp_verify_token !== null,
    whatsappTemplates: toTemplates(row.whatsapp_templates),
  };
}
