import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { findSettings, tenantExists } from '../settings/settings.repository';
import { applyDeliveryStatus } from './outbox.repository';

interface StatusUpdate {
  providerMessageId: string;
  status: 'delivered' | 'read' | 'failed';
  at: number;
  error: string | null;
}

const record = (value: unknown): Record<string, unknown> | null => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: Record<string, unknown> = {};
  Object.assign(out, value);
  return out;
};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;

/** "131026: Message undeliverable (details…)" from a status's first error. */
function errorOf(status: Record<string, unknown>): string | null {
  const first = record(list(status.errors)[0]);
  if (!first) return null;
  const details = str(record(first.error_data)?.details);
  const title = str(first.title) ?? str(first.message) ?? 'failed';
  return `${str(first.code) ?? '?'}: ${title}${details ? ` (${details})` : ''}`;
}

/**
 * The statuses of a Cloud API notification (`entry[].changes[].value.statuses[]`). `sent` is
 * ours already (the API answered the send); unknown statuses and malformed entries are skipped.
 */
function statusesOf(body: unknown, now: number): StatusUpdate[] {
  const updates: StatusUpdate[] = [];
  for (const entry of list(record(body)?.entry)) {
    for (const change of list(record(entry)?.changes)) {
      for (const item of list(record(record(change)?.value)?.statuses)) {
        const status = record(item);
        const id = str(status?.id);
        const kind = str(status?.status);
        if (!status || !id || (kind !== 'delivered' && kind !== 'read' && kind !== 'failed')) continue;
        const seconds = Number(str(status.timestamp));
        updates.push({
          providerMessageId: id,
          status: kind,
          at: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : now,
          error: kind === 'failed' ? errorOf(status) : null,
        });
      }
    }
  }
  return updates;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The tenant's WhatsApp Cloud webhook: Meta's handshake against the tenant's verify token, and
 * status notifications authenticated by `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with
 * the tenant's app secret). A bad or missing signature changes nothing.
 */
export function createWhatsAppWebhookService(deps: ServiceDeps, secrets: SecretBox) {
  const { uow, clock } = deps;

  async function settingsOf(tenantId: string) {
    return uow.read(async (db) => {
      if (!(await tenantExists(db, tenantId))) throw new AppError('NOT_FOUND');
      return findSettings(db, tenantId);
    });
  }

  async function verify(
    tenantId: string,
    query: { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string },
  ): Promise<string> {
    const settings = await settingsOf(tenantId);
    const stored = settings?.whatsapp_verify_token;
    const token = query['hub.verify_token'];
    const challenge = query['hub.challenge'];
    if (query['hub.mode'] !== 'subscribe' || !stored || !token || challenge === undefined) {
      throw new AppError('WEBHOOK_VERIFY_FAILED');
    }
    if (!sameText(secrets.open(stored, tenantId), token)) throw new AppError('WEBHOOK_VERIFY_FAILED');
    return challenge;
  }

  async function receive(
    tenantId: string,
    raw: Buffer,
    signature: string | undefined,
  ): Promise<{ updated: number }> {
    const settings = await settingsOf(tenantId);
    const secret = settings?.whatsapp_app_secret;
    if (!secret || !signature?.startsWith('sha256=')) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    const expected = createHmac('sha256', secrets.open(secret, tenantId)).update(raw).digest('hex');
    if (!sameText(expected, signature.slice('sha256='.length).toLowerCase())) {
      throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new AppError('BAD_REQUEST');
    }
    const now = clock.now();
    const updates = statusesOf(body, now);
    return uow.transaction(async (trx) => {
      let updated = 0;
      for (const update of updates) {
        if (await applyDeliveryStatus(trx, tenantId, update, now)) updated += 1;
      }
      return { updated };
    });
  }

  return { verify, receive };
}

export type WhatsAppWebhookService = ReturnType<typeof createWhatsAppWebhookService>;
