import { can } from '@antrean/shared/auth/permissions';
import type { OutboxList, OutboxListQuery } from '@antrean/shared/contracts/outbox.contract';
import { MESSAGE_STATUSES, maskPhone, type OutboxMessage } from '@antrean/shared/domain/message';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { requireTenantStaff } from '../../lib/policy';
import type { Audit } from '../audit/audit.service';
import * as repo from './outbox.repository';

const ENTITY = 'message_outbox';

/** A row as the outbox page shows it: no payload (codes, links), the recipient masked. */
function toMessage(row: repo.OutboxRow): OutboxMessage {
  const waiting = row.status === 'pending' || row.status === 'retrying';
  return {
    id: row.id,
    kind: row.template,
    provider: row.provider,
    recipient: maskPhone(row.recipient),
    language: row.language,
    status: MESSAGE_STATUSES.find((s) => s === row.status) ?? 'pending',
    attempts: Number(row.attempts),
    lastError: row.last_error,
    createdAt: Number(row.created_at),
    statusAt: row.status_at === null ? null : Number(row.status_at),
    nextAttemptAt: waiting ? Number(row.next_attempt_at) : null,
  };
}

/**
 * The tenant's WhatsApp outbox for its admins (`tenant.configure`, like the WhatsApp settings):
 * supervisors and operators do not see it (it names the tenant's customers). A failed message
 * can be queued again; the worker sends it on its next round.
 */
export function createOutboxService(deps: ServiceDeps, audit: Audit) {
  const { uow, clock } = deps;

  function adminTenant(actor: Actor): string {
    const staff = requireTenantStaff(actor);
    if (!can(staff.role, 'tenant.configure')) throw new AppError('FORBIDDEN');
    return staff.tenantId;
  }

  async function list(actor: Actor, query: OutboxListQuery): Promise<OutboxList> {
    const tenantId = adminTenant(actor);
    return uow.read(async (db) => {
      const page = await repo.listOutboxPage(db, tenantId, query);
      return {
        items: page.rows.map(toMessage),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    });
  }

  async function retry(actor: Actor, messageId: string): Promise<OutboxMessage> {
    const tenantId = adminTenant(actor);
    return uow.transaction(async (trx) => {
      const row = await repo.findTenantMessage(trx, uow.kind, tenantId, messageId);
      if (!row) throw new AppError('NOT_FOUND');
      if (row.status !== 'failed') throw new AppError('OUTBOX_NOT_RETRYABLE');
      const now = clock.now();
      await repo.requeueMessage(trx, tenantId, messageId, now);
      const before = toMessage(row);
      const after = toMessage({
        ...row,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        updated_at: now,
      });
      await audit.record(trx, actor, {
        action: 'outbox.retry',
        entityType: ENTITY,
        entityId: messageId,
        tenantId,
        before,
        after,
      });
      return after;
    });
  }

  return { list, retry };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
