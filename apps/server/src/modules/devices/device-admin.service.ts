import { randomCode } from '@antrean/shared/common/ids';
import { can } from '@antrean/shared/auth/permissions';
import { displayPath, kioskPath } from '@antrean/shared/common/device-paths';
import {
  GENERATED_DEVICE_CODE_LENGTH,
  type AdminDevice,
  type BranchDevices,
  type DeviceKind,
} from '@antrean/shared/contracts/device-admin.contract';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertBranchAccess, tenantOf } from '../../lib/policy';
import type { Db } from '../../lib/uow';
import { createAudit } from '../audit/audit.service';
import type { LiveBus } from '../../live/bus';
import { findBranch } from '../branches/branch.repository';
import { ONLINE_WINDOW_MS } from '../monitor/monitor.service';
import * as repo from './device-admin.repository';
import { countActiveDisplays, lockBranch } from './device-settings.repository';

function toAdminDevice(kind: DeviceKind, row: repo.DeviceRow, now: number): AdminDevice {
  return {
    id: row.id,
    kind,
    name: row.name,
    code: row.code,
    isActive: row.is_active === 1,
    layout: row.layout,
    path: kind === 'kiosk' ? kioskPath(row.code) : displayPath(row.layout, row.code),
    lastSeenAt: row.last_seen_at,
    online: row.is_active === 1 && row.last_seen_at !== null && now - row.last_seen_at <= ONLINE_WINDOW_MS,
  };
}

/**
 * Device administration: an admin of the tenant lists a branch's kiosks and displays, gives one
 * a new unguessable code (the old code stops working at once: no code cache; open display
 * screens are cut off through the live bus) or disables/re-enables it. Audited.
 */
export function createDeviceAdminService(deps: ServiceDeps, bus: LiveBus) {
  const auditTrail = createAudit(deps.clock);
  const { uow } = deps;

  function assertAdmin(actor: Actor): string {
    const tenantId = tenantOf(actor);
    if (actor.kind !== 'staff' || !can(actor.role, 'tenant.configure')) throw new AppError('FORBIDDEN');
    return tenantId;
  }

  async function list(actor: Actor, branchId: string): Promise<BranchDevices> {
    const tenantId = assertAdmin(actor);
    assertBranchAccess(actor, branchId);
    const now = deps.clock.now();
    const found = await uow.read(async (db) => {
      if (!(await findBranch(db, tenantId, branchId))) return undefined;
      return Promise.all([
        repo.listDevices(db, 'kiosk', tenantId, branchId),
        repo.listDevices(db, 'display', tenantId, branchId),
      ]);
    });
    if (!found) throw new AppError('NOT_FOUND');
    const [kiosks, displays] = found;
    return {
      kiosks: kiosks.map((row) => toAdminDevice('kiosk', row, now)),
      displays: displays.map((row) => toAdminDevice('display', row, now)),
    };
  }

  async function audit(
    trx: Db,
    actor: Actor,
    device: repo.DeviceRow,
    kind: DeviceKind,
    action: string,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    await auditTrail.record(trx, actor, {
      tenantId: device.tenant_id,
      branchId: device.branch_id,
      action,
      entityType: kind,
      entityId: device.id,
      before,
      after,
    });
  }

  /** The live topic a display's screens listen on (kiosks hold no live subscription). */
  function revokeLive(kind: DeviceKind, code: string): void {
    if (kind === 'display') bus.publish({ kind: 'revoke', topic: `display:${code}` });
  }

  async function deviceOrNotFound(
    actor: Actor,
    trx: Db,
    kind: DeviceKind,
    id: string,
  ): Promise<repo.DeviceRow> {
    const device = await repo.findDevice(trx, kind, tenantOf(actor), id);
    if (!device) throw new AppError('NOT_FOUND');
    assertBranchAccess(actor, device.branch_id);
    return device;
  }

  async function regenerateCode(actor: Actor, kind: DeviceKind, id: string): Promise<AdminDevice> {
    assertAdmin(actor);
    const now = deps.clock.now();
    return uow.transaction(async (trx, tx) => {
      const device = await deviceOrNotFound(actor, trx, kind, id);
      const code = randomCode(GENERATED_DEVICE_CODE_LENGTH);
      await repo.replaceCode(trx, kind, device, code, now);
      // The codes themselves are credentials: the audit keeps only that it changed.
      await audit(trx, actor, device, kind, `${kind}.code.regenerate`, { code: 'previous' }, { code: 'new' });
      tx.afterCommit(() => {
        revokeLive(kind, device.code);
      });
      return toAdminDevice(kind, { ...device, code }, now);
    });
  }

  async function update(
    actor: Actor,
    kind: DeviceKind,
    id: string,
    body: { isActive: boolean },
  ): Promise<AdminDevice> {
    assertAdmin(actor);
    const now = deps.clock.now();
    return uow.transaction(async (trx, tx) => {
      const device = await deviceOrNotFound(actor, trx, kind, id);
      const active = device.is_active === 1;
      if (active !== body.isActive) {
        if (kind === 'display' && body.isActive) {
          // Re-enabling counts against the branch's display limit (its row locked meanwhile).
          const branch = await lockBranch(trx, uow.kind, device.tenant_id, device.branch_id);
          const inUse = await countActiveDisplays(trx, device.tenant_id, device.branch_id);
          if (branch && inUse >= branch.display_limit) {
            throw new AppError('DISPLAY_LIMIT_REACHED', { limit: branch.display_limit, active: inUse });
          }
        }
        await repo.setActive(trx, kind, device, body.isActive, now);
        await audit(
          trx,
          actor,
          device,
          kind,
          body.isActive ? `${kind}.enable` : `${kind}.disable`,
          { isActive: active },
          { isActive: body.isActive },
        );
        if (!body.isActive) {
          tx.afterCommit(() => {
            revokeLive(kind, device.code);
          });
        }
      }
      return toAdminDevice(kind, { ...device, is_active: body.isActive ? 1 : 0 }, now);
    });
  }

  return { list, regenerateCode, update };
}

export type DeviceAdminService = ReturnType<typeof createDeviceAdminService>;
