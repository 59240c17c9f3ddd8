import type { Insertable } from 'kysely';
import type { AuditLogTable } from '../../db/schema';
import type { Db } from '../../lib/uow';

export type AuditRow = Insertable<AuditLogTable>;

/** Appends one audit entry; only inside the transaction of the change it records. */
export async function insertAuditEntry(
  trx: Db,
  tenantId: string | null,
  row: Omit<AuditRow, 'tenant_id'>,
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({ ...row, tenant_id: tenantId })
    .execute();
}

export interface AuditEntryRow {
  action: string;
  entity_type: string;
  entity_id: string | null;
  actor_id: string | null;
  before_json: string | null;
  after_json: string | null;
  at: number;
}

/** A tenant's audit entries about one entity, oldest first (tests, and later the audit page). */
export async function listAuditEntries(
  db: Db,
  tenantId: string,
  entityType: string,
  entityId: string,
): Promise<AuditEntryRow[]> {
  return db
    .selectFrom('audit_log')
    .select(['action', 'entity_type', 'entity_id', 'actor_id', 'before_json', 'after_json', 'at'])
    .where('tenant_id', '=', tenantId)
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', entityId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}
