import type { ServiceDeps } from '../../lib/deps';
import type { SecretBox } from '../../lib/secret-box';
import {
  logProvider,
  whatsappCloudProvider,
  type MessageProvider,
  type WhatsAppCloudCredentials,
} from '../messaging/providers';
import { toTemplates } from './settings.mapper';
import { findSettings } from './settings.repository';

export interface Messaging {
  /** The providers by the name an outbox row carries (`log`, `whatsapp-cloud`). */
  providers: Record<string, MessageProvider>;
  secrets: SecretBox;
}

/**
 * The message providers of the application: the outbox worker and the settings page's test
 * message send through the same ones. WhatsApp Cloud reads each tenant's credentials from its
 * settings at send time (a saved change applies to the next message), the token decrypted.
 */
export function createMessaging(
  deps: ServiceDeps,
  secrets: SecretBox,
  log: (entry: Record<string, unknown>, msg: string) => void,
  /** How long a Cloud API call may take (tests shorten it). */
  timeoutMs?: number,
): Messaging {
  async function credentialsFor(tenantId: string): Promise<WhatsAppCloudCredentials | null> {
    const row = await deps.uow.read((db) => findSettings(db, tenantId));
    if (!row?.whatsapp_phone_number_id || !row.whatsapp_access_token) return null;
    return {
      phoneNumberId: row.whatsapp_phone_number_id,
      accessToken: secrets.open(row.whatsapp_access_token, tenantId),
      templates: toTemplates(row.whatsapp_templates),
    };
  }
  return {
    providers: {
      log: logProvider(log),
      'whatsapp-cloud': whatsappCloudProvider({
        apiUrl: deps.config.whatsappApiUrl,
        credentialsFor,
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
      }),
    },
    secrets,
  };
}
