import { newId, randomCode } from '@antrean/shared/common/ids';
import { can } from '@antrean/shared/auth/permissions';
import { displayPath, kioskPath } from '@antrean/shared/common/device-paths';
import {
  GENERATED_DEVICE_CODE_LENGTH,
  type AdminDevice,
  type BranchDevices,
  type DeviceKind,
} from '@antrean/shared/contracts/device-admin.contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertBranchAccess, tenantOf } from '../../lib/policy';
import { unitOfWork } from '../../lib/uow';
import type { LiveBus } from '../../live/bus';
import { findBranch } from '../branches/branch.repository';
import { ONLINE_WINDOW_MS } from '../monitor/monitor.service';
import * as repo from './device-admin.repository';

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
export function createDeviceAdminService(deps: Deps, bus: LiveBus) {
  const { db } = deps.database;

  function assertAdmin(actor: Actor): string {
    const tenantId = tenantOf(actor);
    if (actor.kind !== 'staff' || !can(actor.role, 'tenant.configure')) throw new AppError('FORBIDDEN');
    return tenantId;
  }

  async function list(actor: Actor, branchId: string): Promise<BranchDevices> {
    const tenantId = assertAdmin(actor);
    assertBranchAccess(actor, branchId);
    if (!(await findBranch(db, tenantId, branchId))) throw new AppError('NOT_FOUND');
    const now = deps.clock.now();
    const [kiosks, displays] = await Promise.all([
      repo.listDevices(db, 'kiosk', tenantId, branchId),
      repo.listDevices(db, 'display', tenantId, branchId),
    ]);
    return {
      kiosks: kiosks.map((row) => toAdminDevice('kiosk', row, now)),
      displays: displays.map((row) => toAdminDevice('display', row, now)),
    };
  }

  async function audit(
    trx: Transaction<DB>,
    actor: Actor,
    device: repo.DeviceRow,
    kind: DeviceKind,
    action: string,
    before: unknown,
    after: unknown,
    now: number,
  ): Promise<void> {
    await trx
      .insertInto('audit_log')
      .values({
        id: newId(now),
        tenant_id: device.tenant_id,
        branch_id: device.branch_id,
        actor_kind: 'staff',
        actor_id: actor.kind === 'staff' ? actor.userId : null,
        actor_name: actor.kind === 'staff' ? actor.username : null,
        action,
        entity_type: kind,
        entity_id: device.id,
        before_json: JSON.stringify(before),
        after_json: JSON.stringify(after),
        ip: null,
        at: now,
      })
      .execute();
  }

  /** The live topic a display's screens listen on (kiosks hold no live subscription). */
  function revokeLive(kind: DeviceKind, code: string): void {
    if (kind === 'display') bus.publish({ kind: 'revoke', topic: `display:${code}` });
  }

  async function deviceOrNotFound(actor: Actor, trx: Transaction<DB>, kind: DeviceKind, id: string): Promise<repo.DeviceRow> {
    const device = await repo.findDevice(trx, kind, tenantOf(actor), id);
    if (!device) throw new AppError('NOT_FOUND');
    assertBranchAccess(actor, device.branch_id);
    return device;
  }

  async function regenerateCode(actor: Actor, kind: DeviceKind, id: string): Promise<AdminDevice> {
    assertAdmin(actor);
    const now = deps.clock.now();
    return unitOfWork(deps.database).transaction(async (trx, tx) => {
      const device = await deviceOrNotFound(actor, trx, kind, id);
      const code = randomCode(GENERATED_DEVICE_CODE_LENGTH);
      await repo.replaceCode(trx, kind, device, code, now);
      // The codes themselves are credentials: the audit keeps only that it changed.
      await audit(trx, actor, device, kind, `${kind}.code.regenerate`, { code: 'previous' }, { code: 'new' }, now);
      tx.afterCommit(() => {
        revokeLive(kind, device.code);
      });
      return toAdminDevice(kind, { ...device, code }, now);
    });
  }

  async function update(actor: Actor, kind: DeviceKind, id: string, body: { isActive: boolean }): Promise<AdminDevice> {
    assertAdmin(actor);
    const now = deps.clock.now();
    return unitOfWork(deps.database).transaction(async (trx, tx) => {
      const device = await deviceOrNotFound(actor, trx, kind, id);
      const active = device.is_active === 1;
      if (active !== body.isActive) {
        await repo.setActive(trx, kind, device, body.isActive, now);
        await audit(trx, actor, device, kind, body.isActive ? `${kind}.enable` : `${kind}.disable`, { isActive: active }, { isActive: body.isActive }, now);
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
