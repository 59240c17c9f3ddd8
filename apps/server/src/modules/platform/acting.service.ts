import type { SessionUser } from '@antrean/shared/domain/user';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import type { Audit } from '../audit/audit.service';
import type { LiveBus } from '../../live/bus';
import type { AuthService } from '../auth/auth.service';
import * as repo from './platform.repository';
import { requirePlatformStaff } from './platform.policy';

/**
 * The superadmin acts inside a tenant: the session's `acting_tenant_id` makes every later request
 * of that session an actor of the tenant (auth.resolveStaff), so each tenant page works as for the
 * tenant's admin and its tenant checks apply unchanged. Starting and stopping are audited in the
 * tenant's own trail (its admins see who entered their data).
 */
export function createActingService(deps: ServiceDeps, audit: Audit, auth: AuthService, bus: LiveBus) {
  const { uow } = deps;

  async function start(actor: Actor, tenantId: string): Promise<SessionUser> {
    const staff = requirePlatformStaff(actor);
    await uow.transaction(async (trx, tx) => {
      const tenant = await repo.findTenant(trx, tenantId);
      if (!tenant) throw new AppError('NOT_FOUND');
      const previous = await repo.findActingTenant(trx, staff.sessionId);
      if (previous === tenantId) return;
      await repo.setActingTenant(trx, staff.sessionId, tenantId);
      tx.afterCommit(() => bus.publish({ kind: 'access', scope: 'session', id: staff.sessionId }));
      if (previous !== null) {
        await audit.record(trx, actor, {
          action: 'tenant.actStop',
          entityType: 'tenant',
          entityId: previous,
          tenantId: previous,
          before: { actingTenantId: previous },
          after: { actingTenantId: tenantId },
        });
      }
      await audit.record(trx, actor, {
        action: 'tenant.actStart',
        entityType: 'tenant',
        entityId: tenantId,
        tenantId,
        before: { actingTenantId: previous },
        after: { actingTenantId: tenantId, tenantName: tenant.name },
      });
    });
    return auth.me({ ...staff, tenantId });
  }

  async function stop(actor: Actor): Promise<SessionUser> {
    const staff = requirePlatformStaff(actor);
    await uow.transaction(async (trx, tx) => {
      const previous = await repo.findActingTenant(trx, staff.sessionId);
      if (previous === null) return;
      await repo.setActingTenant(trx, staff.sessionId, null);
      tx.afterCommit(() => bus.publish({ kind: 'access', scope: 'session', id: staff.sessionId }));
      await audit.record(trx, actor, {
        action: 'tenant.actStop',
        entityType: 'tenant',
        entityId: previous,
        tenantId: previous,
        before: { actingTenantId: previous },
        after: { actingTenantId: null },
      });
    });
    return auth.me({ ...staff, tenantId: null });
  }

  return { start, stop };
}

export type ActingService = ReturnType<typeof createActingService>;
