import { newId } from '@antrean/shared/common/ids';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import type { Db } from '../../lib/uow';
import { insertAuditEntry } from './audit.repository';

/** What changed: `action` is `<entity>.<verb>` (`counter.create`, `counter.deactivate`, …). */
export interface AuditEntry {
  action: string;
  entityType: string;
  entityId: string;
  /** The tenant the entity belongs to (null only for platform actions). */
  tenantId: string | null;
  branchId?: string | null;
  /** The entity before and after the change (null before a create, after a delete). */
  before: unknown;
  after: unknown;
}

function actorFields(actor: Actor): {
  actor_kind: string;
  actor_id: string | null;
  actor_name: string | null;
} {
  switch (actor.kind) {
    case 'staff':
      return { actor_kind: 'staff', actor_id: actor.userId, actor_name: actor.username };
    case 'kiosk':
    case 'display':
      return { actor_kind: actor.kind, actor_id: actor.deviceId, actor_name: actor.code };
    case 'apiKey':
      return { actor_kind: 'apiKey', actor_id: null, actor_name: null };
    case 'public':
      return { actor_kind: 'public', actor_id: null, actor_name: null };
  }
}

/**
 * The audit trail: who did what, when, with the entity before and after. `record` takes the
 * transaction of the change itself, so the entry is written if and only if the change commits.
 */
export function createAudit(clock: Clock) {
  async function record(trx: Db, actor: Actor, entry: AuditEntry): Promise<void> {
    const at = clock.now();
    await insertAuditEntry(trx, entry.tenantId, {
      id: newId(at),
      branch_id: entry.branchId ?? null,
      ...actorFields(actor),
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      before_json: entry.before === null ? null : JSON.stringify(entry.before),
      after_json: entry.after === null ? null : JSON.stringify(entry.after),
      ip: null,
      at,
    });
  }
  return { record };
}

export type Audit = ReturnType<typeof createAudit>;
