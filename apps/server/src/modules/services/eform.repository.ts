import type { Selectable, Transaction } from 'kysely';
import type { DB, EformFieldsTable } from '../../db/schema';
import type { Db } from '../../lib/uow';

export type EformFieldRow = Selectable<EformFieldsTable>;

export async function listEformFields(db: Db, tenantId: string, serviceId: string): Promise<EformFieldRow[]> {
  return db
    .selectFrom('eform_fields')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('service_id', '=', serviceId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function deleteEformFields(
  trx: Transaction<DB>,
  tenantId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom('eform_fields').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
}

type FieldValues = Omit<EformFieldRow, 'id' | 'tenant_id' | 'service_id' | 'created_at'>;

export async function updateEformField(
  trx: Transaction<DB>,
  tenantId: string,
  id: string,
  values: Partial<FieldValues>,
): Promise<void> {
  await trx
    .updateTable('eform_fields')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function insertEformField(trx: Transaction<DB>, row: EformFieldRow): Promise<void> {
  await trx.insertInto('eform_fields').values(row).execute();
}
