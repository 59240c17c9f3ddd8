import { newId } from '@antrean/shared/common/ids';
import { can } from '@antrean/shared/auth/permissions';
import { VOICE_MODES } from '@antrean/shared/voice/announcement';
import type { VoiceSettingsData, VoiceSettingsValues } from '@antrean/shared/domain/voice';
import type { LiveBus } from '../../live/bus';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { requireTenantStaff } from '../../lib/policy';
import type { Audit } from '../audit/audit.service';
import { publishVoice } from './display-boards';
import * as repo from './voice.repository';

function toSettings(row: repo.VoiceRow | undefined): VoiceSettingsData {
  return {
    mode: VOICE_MODES.find((m) => m === row?.mode) ?? 'voice_id',
    numberStyle: row?.number_style === 'digits' ? 'digits' : 'number',
    templateId: row?.template_id ?? null,
    templateEn: row?.template_en ?? null,
  };
}

/**
 * The tenant's voice (`/dashboard/parameter/mode-suara`): one row per tenant (branch null), made on
 * the first save. Saving is audited and, after the commit, every active display of the tenant
 * hears how it speaks from now on (`voice.updated`, with its own mode override applied).
 */
export function createVoiceService(deps: ServiceDeps, audit: Audit, bus: LiveBus) {
  const { uow, clock } = deps;

  function adminTenant(actor: Actor): string {
    const staff = requireTenantStaff(actor);
    if (!can(staff.role, 'tenant.configure')) throw new AppError('FORBIDDEN');
    return staff.tenantId;
  }

  async function get(actor: Actor): Promise<VoiceSettingsData> {
    const tenantId = adminTenant(actor);
    return toSettings(await uow.read((db) => repo.findTenantVoice(db, tenantId)));
  }

  async function update(actor: Actor, body: VoiceSettingsValues): Promise<VoiceSettingsData> {
    const tenantId = adminTenant(actor);
    const after = await uow.transaction(async (trx) => {
      const row = await repo.findTenantVoice(trx, tenantId);
      const before = row ? toSettings(row) : null;
      const now = clock.now();
      const values = {
        mode: body.mode,
        number_style: body.numberStyle,
        template_id: body.templateId,
        template_en: body.templateEn,
        updated_at: now,
      };
      let id = row?.id ?? '';
      if (row) {
        await repo.updateVoice(trx, tenantId, row.id, values);
      } else {
        id = newId(now);
        await repo.insertVoice(trx, {
          id,
          tenant_id: tenantId,
          branch_id: null,
          rate: 1,
          pitch: 1,
          volume: 1,
          voice_name_id: null,
          voice_name_en: null,
          repeat_count: 1,
          created_at: now,
          ...values,
        });
      }
      const saved: VoiceSettingsData = {
        mode: body.mode,
        numberStyle: body.numberStyle,
        templateId: body.templateId,
        templateEn: body.templateEn,
      };
      await audit.record(trx, actor, {
        action: 'voice.update',
        entityType: 'voice_settings',
        entityId: id,
        tenantId,
        before,
        after: saved,
      });
      return saved;
    });
    await uow.read((db) => publishVoice(db, bus, tenantId));
    return after;
  }

  return { get, update };
}

export type VoiceService = ReturnType<typeof createVoiceService>;
