import { newId } from '@antrean/shared/common/ids';
import type { Db } from '../../lib/uow';

export interface AuditEntry {
  branchId: string | null;
  actorKind: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
  ip?: string | null;
  at: number;
}

/** One line of the audit log (in the caller's transaction: it commits or rolls back with the change). */
export async function insertAuditEntry(db: Db, tenantId: string, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: newId(entry.at),
      tenant_id: tenantId,
      branch_id: entry.branchId,
      actor_kind: entry.actorKind,
      actor_id: entry.actorId,
      actor_name: entry.actorName,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      before_json: entry.before === null ? null : JSON.stringify(entry.before),
      after_json: entry.after === null ? null : JSON.stringify(entry.after),
      ip: entry.ip ?? null,
      at: entry.at,
    })
    .execute();
}
