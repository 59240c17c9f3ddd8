import { can } from '@antrean/shared/auth/permissions';
import type { SendTestMessageBody, TestMessageResult } from '@antrean/shared/contracts/settings.contract';
import type { TenantSettings, TenantSettingsInput } from '@antrean/shared/domain/tenant-settings';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { requireTenantStaff } from '../../lib/policy';
import type { Audit } from '../audit/audit.service';
import type { Messaging } from './messaging';
import { toSettings } from './settings.mapper';
import * as repo from './settings.repository';

/**
 * The tenant's settings (`/dashboard/konfigurasi`). The queue engine reads them where they
 * apply: the check-in window at check-in, the skip limit at a skip, the review timeout in the
 * announcement timer, the provider and language when a message is queued (docs/decisions.md §58).
 */
export function createSettingsService(deps: ServiceDeps, audit: Audit, messaging: Messaging) {
  const { uow, clock } = deps;

  function adminTenant(actor: Actor): string {
    const staff = requireTenantStaff(actor);
    if (!can(staff.role, 'tenant.configure')) throw new AppError('FORBIDDEN');
    return staff.tenantId;
  }

  async function get(actor: Actor): Promise<TenantSettings> {
    const tenantId = adminTenant(actor);
    return uow.read(async (db) => toSettings(await repo.findSettings(db, tenantId)));
  }

  /** Saves every setting; an empty token keeps the stored one, a new one is stored encrypted. */
  async function update(actor: Actor, body: TenantSettingsInput): Promise<TenantSettings> {
    const tenantId = adminTenant(actor);
    return uow.transaction(async (trx) => {
      const row = await repo.findSettings(trx, tenantId);
      const before = toSettings(row);
      const newToken = body.whatsappAccessToken !== '';
      const token = newToken
        ? messaging.secrets.seal(body.whatsappAccessToken, tenantId)
        : (row?.whatsapp_access_token ?? null);
      if (body.whatsappProvider === 'whatsapp-cloud' && token === null) {
        throw new AppError('VALIDATION_FAILED', { fields: { whatsappAccessToken: 'v.required' } });
      }
      const templates = body.whatsappTemplates ?? before.whatsappTemplates;
      // The webhook's app secret and verify token: sealed like the token, kept when left empty.
      const newSecret = (body.whatsappAppSecret ?? '') !== '';
      const appSecret = newSecret
        ? messaging.secrets.seal(body.whatsappAppSecret ?? '', tenantId)
        : (row?.whatsapp_app_secret ?? null);
      const newVerifyToken = (body.whatsappVerifyToken ?? '') !== '';
      const verifyToken = newVerifyToken
        ? messaging.secrets.seal(body.whatsappVerifyToken ?? '', tenantId)
        : (row?.whatsapp_verify_token ?? null);
      const values: repo.SettingsValues = {
        default_language: body.defaultLanguage,
        check_in_before_minutes: body.checkInBeforeMinutes,
        check_in_after_minutes: body.checkInAfterMinutes,
        skip_limit: body.skipLimit,
        call_announce_seconds: body.reviewTimeoutSeconds,
        whatsapp_provider: body.whatsappProvider,
        whatsapp_phone_number_id: body.whatsappPhoneNumberId === '' ? null : body.whatsappPhoneNumberId,
        whatsapp_access_token: token,
        whatsapp_templates: JSON.stringify(templates),
        whatsapp_app_secret: appSecret,
        whatsapp_verify_token: verifyToken,
      };
      const after: TenantSettings = {
        defaultLanguage: body.defaultLanguage,
        checkInBeforeMinutes: body.checkInBeforeMinutes,
        checkInAfterMinutes: body.checkInAfterMinutes,
        skipLimit: body.skipLimit,
        reviewTimeoutSeconds: body.reviewTimeoutSeconds,
        whatsappProvider: body.whatsappProvider,
        whatsappPhoneNumberId: body.whatsappPhoneNumberId,
        whatsappAccessTokenSet: token !== null,
        whatsappAppSecretSet: appSecret !== null,
        whatsappVerifyTokenSet: verifyToken !== null,
        whatsappTemplates: templates,
      };
      const replaced = {
        ...(newToken ? { whatsappAccessTokenReplaced: true } : {}),
        ...(newSecret ? { whatsappAppSecretReplaced: true } : {}),
        ...(newVerifyToken ? { whatsappVerifyTokenReplaced: true } : {}),
      };
      const anyReplaced = Object.keys(replaced).length > 0;
      if (row && !anyReplaced && JSON.stringify(after) === JSON.stringify(before)) return before;
      await repo.saveSettings(trx, tenantId, values, clock.now());
      // The secrets themselves are never audited: only that they were replaced.
      await audit.record(trx, actor, {
        action: 'settings.update',
        entityType: 'tenant_settings',
        entityId: tenantId,
        tenantId,
        before,
        after: anyReplaced ? { ...after, ...replaced } : after,
      });
      return after;
    });
  }

  /** Sends a test message through the saved provider, so the admin sees the credentials work. */
  async function sendTestMessage(actor: Actor, body: SendTestMessageBody): Promise<TestMessageResult> {
    const tenantId = adminTenant(actor);
    const { settings, tenantName } = await uow.read(async (db) => ({
      settings: toSettings(await repo.findSettings(db, tenantId)),
      tenantName: (await repo.findTenantName(db, tenantId)) ?? '',
    }));
    const configured =
      settings.whatsappProvider === 'log' ||
      (settings.whatsappPhoneNumberId !== '' && settings.whatsappAccessTokenSet);
    const provider = messaging.providers[settings.whatsappProvider];
    if (!configured || !provider) throw new AppError('WHATSAPP_NOT_CONFIGURED');
    try {
      const result = await provider.send({
        tenant_id: tenantId,
        recipient: body.to,
        template: 'test',
        language: settings.defaultLanguage,
        payload: JSON.stringify({ tenantName }),
      });
      return { provider: settings.whatsappProvider, providerMessageId: result.providerMessageId };
    } catch (error) {
      deps.logger?.warn({ err: error, tenantId }, 'whatsapp test message failed');
      throw new AppError('WHATSAPP_SEND_FAILED', {
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  }

  return { get, update, sendTestMessage };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
