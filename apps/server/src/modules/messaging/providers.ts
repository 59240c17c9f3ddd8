import { isMessageKind, type WhatsAppTemplates } from '@antrean/shared/domain/message';
import { messageText, templateLanguage, templateParameters } from './message-text';

/** A message to send: an outbox row, or the admin's test message (same fields). */
interface OutgoingMessage {
  tenant_id: string | null;
  recipient: string;
  template: string;
  language: string;
  /** JSON of the template's values. */
  payload: string;
}

/** Sends one message; throws to be retried later (the outbox) or reported (the test message). */
export interface MessageProvider {
  send(message: OutgoingMessage): Promise<{ providerMessageId: string | null }>;
}

function payloadOf(message: OutgoingMessage): Record<string, unknown> {
  const parsed: unknown = JSON.parse(message.payload);
  const record: Record<string, unknown> = {};
  if (parsed && typeof parsed === 'object') Object.assign(record, parsed);
  return record;
}

/**
 * The default provider: the message is written to the server log (and stays visible in the
 * admin's outbox page), so the product works without a WhatsApp account.
 */
export function logProvider(log: (entry: Record<string, unknown>, msg: string) => void): MessageProvider {
  return {
    send(message) {
      const payload = payloadOf(message);
      log(
        {
          to: message.recipient,
          template: message.template,
          language: message.language,
          payload,
          text: messageText(message.template, message.language, payload),
        },
        'whatsapp message (log provider)',
      );
      return Promise.resolve({ providerMessageId: null });
    },
  };
}

export interface WhatsAppCloudCredentials {
  phoneNumberId: string;
  accessToken: string;
  /** The tenant's approved template name per kind ('' = send that kind as text). */
  templates: WhatsAppTemplates;
}

/**
 * The provider refused or did not answer; `message` says why (never the token). `permanent`: a
 * new try cannot succeed (bad token, bad number, no configuration), else it may (rate limit,
 * server error, no answer); `retryAfter` is the provider's Retry-After header, if any.
 */
export class MessageSendError extends Error {
  override name = 'MessageSendError';
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly retryAfter: string | null = null,
  ) {
    super(message);
  }
}

/**
 * Graph API error codes that mean "slow down" even when the HTTP status is a 400: the app's or
 * the business number's throughput (4, 80007, 130429) and the per-recipient pair limit (131056).
 */
const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131056]);

function graphErrorCode(body: unknown): number | null {
  if (body && typeof body === 'object' && 'error' in body) {
    const error = body.error;
    if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'number') {
      return error.code;
    }
  }
  return null;
}

/** Whether an HTTP refusal may pass: 408, 429 and 5xx, or a Graph rate-limit code. */
function isTransient(status: number, body: unknown): boolean {
  if (status === 408 || status === 429 || status >= 500) return true;
  const code = graphErrorCode(body);
  return code !== null && RATE_LIMIT_CODES.has(code);
}

/** Indonesian numbers as the Cloud API wants them: country code, digits only (0812… → 62812…). */
function toWhatsAppNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('0') ? `62${digits.slice(1)}` : digits;
}

function errorReason(status: number, body: unknown): string {
  if (body && typeof body === 'object' && 'error' in body) {
    const error = body.error;
    if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
      return `HTTP ${status}: ${error.message.slice(0, 200)}`;
    }
  }
  return `HTTP ${status}`;
}

/**
 * The Cloud API message for one outbox row: the tenant's approved template for its kind, with
 * the kind's parameters in order (WhatsApp only delivers templates outside the 24-hour window
 * after the customer wrote last); a plain text message when no template name is configured.
 */
function cloudMessage(message: OutgoingMessage, templates: WhatsAppTemplates): Record<string, unknown> {
  const payload = payloadOf(message);
  const name = isMessageKind(message.template) ? templates[message.template] : '';
  const parameters = templateParameters(message.template, payload);
  if (name && parameters) {
    return {
      type: 'template',
      template: {
        name,
        language: { code: templateLanguage(message.language) },
        components: [
          { type: 'body', parameters: parameters.map((value) => ({ type: 'text', text: value })) },
        ],
      },
    };
  }
  return {
    type: 'text',
    text: { preview_url: false, body: messageText(message.template, message.language, payload) },
  };
}

/**
 * WhatsApp Business Cloud API (`POST {apiUrl}/{phoneNumberId}/messages`), with each tenant's own
 * credentials (`credentialsFor`: the settings, the token decrypted).
 */
export function whatsappCloudProvider(options: {
  apiUrl: string;
  credentialsFor: (tenantId: string) => Promise<WhatsAppCloudCredentials | null>;
  timeoutMs?: number;
}): MessageProvider {
  return {
    async send(message) {
      const credentials = message.tenant_id ? await options.credentialsFor(message.tenant_id) : null;
      if (!credentials) {
        throw new MessageSendError('WhatsApp Cloud is not configured for this tenant', true);
      }
      const url = `${options.apiUrl}/${encodeURIComponent(credentials.phoneNumberId)}/messages`;
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${credentials.accessToken}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: toWhatsAppNumber(message.recipient),
            ...cloudMessage(message, credentials.templates),
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new MessageSendError(`no answer: ${reason}`, false);
      }
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        throw new MessageSendError(
          errorReason(response.status, body),
          !isTransient(response.status, body),
          response.headers.get('retry-after'),
        );
      }
      let id: string | null = null;
      if (body && typeof body === 'object' && 'messages' in body && Array.isArray(body.messages)) {
        const first: unknown = body.messages[0];
        if (first && typeof first === 'object' && 'id' in first && typeof first.id === 'string') {
          id = first.id;
        }
      }
      return { providerMessageId: id };
    },
  };
}
