import { newId, randomCode } from '@antrean/shared/common/ids';
import { can } from '@antrean/shared/auth/permissions';
import { displayPath, kioskPath } from '@antrean/shared/common/device-paths';
import {
  GENERATED_DEVICE_CODE_LENGTH,
  type AdminDevice,
} from '@antrean/shared/contracts/device-admin.contract';
import {
  DISPLAY_LAYOUT_NAMES,
  PAPER_WIDTHS,
  type DisplayInput,
  type DisplayPatch,
  type DisplaySettings,
  type KioskInput,
  type KioskPatch,
  type KioskSettings,
} from '@antrean/shared/domain/device';
import { VOICE_MODES } from '@antrean/shared/voice/announcement';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertBranchAccess, tenantOf } from '../../lib/policy';
import type { Db } from '../../lib/uow';
import type { LiveBus } from '../../live/bus';
import type { Audit } from '../audit/audit.service';
import * as repo from './device-settings.repository';

function toKiosk(row: repo.KioskRow, serviceIds: string[]): KioskSettings {
  return {
    id: row.id,
    branchId: row.branch_id,
    name: row.name,
    paperWidthMm: PAPER_WIDTHS.find((w) => w === row.paper_width_mm) ?? 80,
    serviceIds,
    isActive: row.is_active === 1,
  };
}

function toDisplay(row: repo.DisplayRow, serviceIds: string[]): DisplaySettings {
  return {
    id: row.id,
    branchId: row.branch_id,
    name: row.name,
    layout: DISPLAY_LAYOUT_NAMES.find((l) => l === row.layout) ?? 'classic',
    counterId: row.counter_id,
    serviceIds,
    voiceMode: VOICE_MODES.find((m) => m === row.voice_mode) ?? null,
    isActive: row.is_active === 1,
  };
}

/** A new device as the devices table lists it (never seen yet). */
function newDevice(
  kind: 'kiosk' | 'display',
  row: { id: string; name: string; code: string; is_active: number; layout: string | null },
): AdminDevice {
  return {
    id: row.id,
    kind,
    name: row.name,
    code: row.code,
    isActive: row.is_active === 1,
    layout: row.layout,
    path: kind === 'kiosk' ? kioskPath(row.code) : displayPath(row.layout, row.code),
    lastSeenAt: null,
    online: false,
  };
}

/**
 * Creating kiosks and displays and editing their settings (`/dashboard/master/display`). A
 * branch's ACTIVE displays are bounded by its display limit (`DISPLAY_LIMIT_REACHED`, the branch
 * row locked meanwhile); a display's changes reach its running screens at once through a
 * `display.updated` event on its topic, a kiosk's (name, paper width, services) through
 * `kiosk.updated` on `kiosk:<code>`. Audited like the rest of device administration.
 */
export function createDeviceSettingsService(deps: ServiceDeps, audit: Audit, bus: LiveBus) {
  const { uow, clock } = deps;

  function adminTenant(actor: Actor): string {
    const tenantId = tenantOf(actor);
    if (actor.kind !== 'staff' || !can(actor.role, 'tenant.configure')) throw new AppError('FORBIDDEN');
    return tenantId;
  }

  /** One more active display fits in the branch's limit (its row is locked on PostgreSQL). */
  async function assertDisplayRoom(trx: Transaction<DB>, tenantId: string, branchId: string): Promise<void> {
    const branch = await repo.lockBranch(trx, uow.kind, tenantId, branchId);
    if (!branch) throw new AppError('NOT_FOUND');
    const active = await repo.countActiveDisplays(trx, tenantId, branchId);
    if (active >= branch.display_limit) {
      throw new AppError('DISPLAY_LIMIT_REACHED', { limit: branch.display_limit, active });
    }
  }

  /** The display's counter and services must be the branch's own (a field error otherwise). */
  async function checkDisplay(
    db: Db,
    tenantId: string,
    branchId: string,
    values: { layout: string; counterId: string | null; serviceIds: readonly string[] },
  ): Promise<string[]> {
    if (values.layout === 'pos' && !values.counterId) {
      throw new AppError('VALIDATION_FAILED', { fields: { counterId: 'v.mustChoose' } });
    }
    if (values.counterId && !(await repo.isBranchCounter(db, tenantId, branchId, values.counterId))) {
      throw new AppError('VALIDATION_FAILED', { fields: { counterId: 'v.enum' } });
    }
    return checkServices(db, tenantId, branchId, values.serviceIds);
  }

  /** A device's services must be offered by its branch (a field error otherwise); sorted, once each. */
  async function checkServices(
    db: Db,
    tenantId: string,
    branchId: string,
    serviceIds: readonly string[],
  ): Promise<string[]> {
    const unique = [...new Set(serviceIds)];
    if ((await repo.offeredServiceIds(db, tenantId, branchId, unique)).length !== unique.length) {
      throw new AppError('VALIDATION_FAILED', { fields: { serviceIds: 'v.enum' } });
    }
    return unique.sort();
  }

  async function createKiosk(actor: Actor, branchId: string, body: KioskInput): Promise<AdminDevice> {
    const tenantId = adminTenant(actor);
    assertBranchAccess(actor, branchId);
    return uow.transaction(async (trx) => {
      if (!(await repo.lockBranch(trx, uow.kind, tenantId, branchId))) throw new AppError('NOT_FOUND');
      const serviceIds = await checkServices(trx, tenantId, branchId, body.serviceIds);
      const now = clock.now();
      const row = {
        id: newId(now),
        tenant_id: tenantId,
        branch_id: branchId,
        name: body.name,
        code: randomCode(GENERATED_DEVICE_CODE_LENGTH),
        paper_width_mm: body.paperWidthMm,
        is_active: body.isActive ? 1 : 0,
        created_at: now,
        updated_at: now,
      };
      await repo.insertKiosk(trx, row);
      await repo.replaceKioskServices(trx, { tenantId, kioskId: row.id }, serviceIds, () => newId(now), now);
      const after = toKiosk({ ...row, last_seen_at: null, last_ip: null }, serviceIds);
      await audit.record(trx, actor, {
        action: 'kiosk.create',
        entityType: 'kiosk',
        entityId: row.id,
        tenantId,
        branchId,
        before: null,
        after,
      });
      return newDevice('kiosk', { ...row, layout: null });
    });
  }

  async function createDisplay(actor: Actor, branchId: string, body: DisplayInput): Promise<AdminDevice> {
    const tenantId = adminTenant(actor);
    assertBranchAccess(actor, branchId);
    return uow.transaction(async (trx) => {
      if (!(await repo.lockBranch(trx, uow.kind, tenantId, branchId))) throw new AppError('NOT_FOUND');
      const serviceIds = await checkDisplay(trx, tenantId, branchId, body);
      if (body.isActive) await assertDisplayRoom(trx, tenantId, branchId);
      const now = clock.now();
      const row = {
        id: newId(now),
        tenant_id: tenantId,
        branch_id: branchId,
        name: body.name,
        code: randomCode(GENERATED_DEVICE_CODE_LENGTH),
        layout: body.layout,
        counter_id: body.counterId,
        voice_mode: body.voiceMode,
        is_active: body.isActive ? 1 : 0,
        created_at: now,
        updated_at: now,
      };
      await repo.insertDisplay(trx, row);
      await repo.replaceDisplayServices(
        trx,
        { tenantId, displayId: row.id },
        serviceIds,
        () => newId(now),
        now,
      );
      await audit.record(trx, actor, {
        action: 'display.create',
        entityType: 'display',
        entityId: row.id,
        tenantId,
        branchId,
        before: null,
        after: toDisplay({ ...row, last_seen_at: null, last_ip: null }, serviceIds),
      });
      return newDevice('display', row);
    });
  }

  async function loadKiosk(db: Db, actor: Actor, tenantId: string, id: string) {
    const row = await repo.findKiosk(db, tenantId, id);
    if (!row) throw new AppError('NOT_FOUND');
    assertBranchAccess(actor, row.branch_id);
    return { row, settings: toKiosk(row, await repo.kioskServiceIds(db, tenantId, id)) };
  }

  async function loadDisplay(db: Db, actor: Actor, tenantId: string, id: string) {
    const row = await repo.findDisplay(db, tenantId, id);
    if (!row) throw new AppError('NOT_FOUND');
    assertBranchAccess(actor, row.branch_id);
    return { row, settings: toDisplay(row, await repo.displayServiceIds(db, tenantId, id)) };
  }

  async function getKiosk(actor: Actor, id: string): Promise<KioskSettings> {
    const tenantId = adminTenant(actor);
    return uow.read(async (db) => (await loadKiosk(db, actor, tenantId, id)).settings);
  }

  async function getDisplay(actor: Actor, id: string): Promise<DisplaySettings> {
    const tenantId = adminTenant(actor);
    return uow.read(async (db) => (await loadDisplay(db, actor, tenantId, id)).settings);
  }

  async function updateKiosk(actor: Actor, id: string, body: KioskPatch): Promise<KioskSettings> {
    const tenantId = adminTenant(actor);
    return uow.transaction(async (trx, tx) => {
      const { row, settings: before } = await loadKiosk(trx, actor, tenantId, id);
      const serviceIds = body.serviceIds
        ? await checkServices(trx, tenantId, row.branch_id, body.serviceIds)
        : before.serviceIds;
      const after: KioskSettings = { ...before, ...body, serviceIds };
      if (JSON.stringify(after) === JSON.stringify(before)) return before;
      const now = clock.now();
      await repo.updateKiosk(trx, tenantId, id, {
        name: after.name,
        paper_width_mm: after.paperWidthMm,
        is_active: after.isActive ? 1 : 0,
        updated_at: now,
      });
      if (body.serviceIds) {
        await repo.replaceKioskServices(trx, { tenantId, kioskId: id }, serviceIds, () => newId(now), now);
      }
      const action =
        after.isActive === before.isActive
          ? 'kiosk.update'
          : after.isActive
            ? 'kiosk.enable'
            : 'kiosk.disable';
      await audit.record(trx, actor, {
        action,
        entityType: 'kiosk',
        entityId: id,
        tenantId,
        branchId: row.branch_id,
        before,
        after,
      });
      const topic = `kiosk:${row.code}` as const;
      tx.afterCommit(() => {
        // A disabled kiosk is cut off; otherwise the open kiosk reads its config again.
        if (!after.isActive) bus.publish({ kind: 'revoke', topic });
        else bus.publish({ kind: 'topic', topic, type: 'kiosk.updated', data: { kioskId: id } });
      });
      return after;
    });
  }

  async function updateDisplay(actor: Actor, id: string, body: DisplayPatch): Promise<DisplaySettings> {
    const tenantId = adminTenant(actor);
    return uow.transaction(async (trx, tx) => {
      const { row, settings: before } = await loadDisplay(trx, actor, tenantId, id);
      const merged = { ...before, ...body };
      // Another layout than pos drops the counter (only a pos display belongs to one).
      const counterId = merged.layout === 'pos' ? merged.counterId : (body.counterId ?? null);
      const serviceIds = await checkDisplay(trx, tenantId, row.branch_id, { ...merged, counterId });
      const after: DisplaySettings = { ...merged, counterId, serviceIds };
      if (JSON.stringify(after) === JSON.stringify(before)) return before;
      if (after.isActive && !before.isActive) await assertDisplayRoom(trx, tenantId, row.branch_id);
      const now = clock.now();
      await repo.updateDisplay(trx, tenantId, id, {
        name: after.name,
        layout: after.layout,
        counter_id: after.counterId,
        voice_mode: after.voiceMode,
        is_active: after.isActive ? 1 : 0,
        updated_at: now,
      });
      if (body.serviceIds) {
        await repo.replaceDisplayServices(
          trx,
          { tenantId, displayId: id },
          serviceIds,
          () => newId(now),
          now,
        );
      }
      const action =
        after.isActive === before.isActive
          ? 'display.update'
          : after.isActive
            ? 'display.enable'
            : 'display.disable';
      await audit.record(trx, actor, {
        action,
        entityType: 'display',
        entityId: id,
        tenantId,
        branchId: row.branch_id,
        before,
        after,
      });
      const topic = `display:${row.code}` as const;
      tx.afterCommit(() => {
        // A disabled display is cut off; otherwise its screens reload their config.
        if (!after.isActive) bus.publish({ kind: 'revoke', topic });
        else bus.publish({ kind: 'topic', topic, type: 'display.updated', data: { displayId: id } });
      });
      return after;
    });
  }

  return { createKiosk, createDisplay, getKiosk, getDisplay, updateKiosk, updateDisplay };
}

export type DeviceSettingsService = ReturnType<typeof createDeviceSettingsService>;
