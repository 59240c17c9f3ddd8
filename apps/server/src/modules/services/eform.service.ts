import { can } from '@antrean/shared/auth/permissions';
import { newId } from '@antrean/shared/common/ids';
import {
  EFORM_INPUT_TYPES,
  type Eform,
  type EformField,
  type EformInput,
} from '@antrean/shared/domain/eform';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { requireTenantStaff } from '../../lib/policy';
import type { Db } from '../../lib/uow';
import type { Audit } from '../audit/audit.service';
import * as repo from './eform.repository';
import { findService } from './service.repository';

const blankToNull = (v: string | null): string | null => (v === null || v.trim() === '' ? null : v);

function parseOptions(json: string | null): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function toField(row: repo.EformFieldRow): EformField {
  return {
    id: row.id,
    field: row.field,
    label: row.label,
    inputType: EFORM_INPUT_TYPES.find((type) => type === row.input_type) ?? 'text',
    placeholder: row.placeholder,
    regex: row.regex,
    required: row.required === 1,
    validationMessage: row.validation_message,
    options: parseOptions(row.options_json),
  };
}

/** E-forms of services (admin): the fields of one service, read and saved whole, audited. */
export function createEformService(deps: ServiceDeps, audit: Audit) {
  const { uow, clock } = deps;

  function adminTenant(actor: Actor): string {
    const staff = requireTenantStaff(actor);
    if (!can(staff.role, 'tenant.configure')) throw new AppError('FORBIDDEN');
    return staff.tenantId;
  }

  async function read(db: Db, tenantId: string, serviceId: string): Promise<Eform> {
    if (!(await findService(db, tenantId, serviceId))) throw new AppError('NOT_FOUND');
    return { serviceId, fields: (await repo.listEformFields(db, tenantId, serviceId)).map(toField) };
  }

  async function get(actor: Actor, serviceId: string): Promise<Eform> {
    const tenantId = adminTenant(actor);
    return uow.read((db) => read(db, tenantId, serviceId));
  }

  /**
   * The form's fields become exactly these, in this order: an entry with the id of one of them
   * edits it (answers already given keep pointing at it), one without is added, one left out is
   * deleted (the answers keep a copy of its key and label).
   */
  async function save(actor: Actor, serviceId: string, body: EformInput): Promise<Eform> {
    const tenantId = adminTenant(actor);
    return uow.transaction(async (trx) => {
      const now = clock.now();
      const before = await read(trx, tenantId, serviceId);
      const currentIds = new Set(before.fields.map((f) => f.id));
      for (const [index, f] of body.fields.entries()) {
        if (f.id !== undefined && !currentIds.has(f.id)) {
          throw new AppError('VALIDATION_FAILED', { fields: { [`fields.${index}.id`]: 'v.enum' } });
        }
      }
      const kept = new Set(body.fields.flatMap((f) => (f.id ? [f.id] : [])));
      await repo.deleteEformFields(
        trx,
        tenantId,
        before.fields.filter((f) => !kept.has(f.id)).map((f) => f.id),
      );
      // Keys pass through a temporary value first, so swapping two keys never trips the unique key.
      for (const id of kept) await repo.updateEformField(trx, tenantId, id, { field: `~${id}` });
      for (const [index, f] of body.fields.entries()) {
        const values = {
          field: f.field,
          label: f.label,
          input_type: f.inputType,
          placeholder: blankToNull(f.placeholder),
          regex: blankToNull(f.regex),
          required: f.required ? 1 : 0,
          validation_message: blankToNull(f.validationMessage),
          options_json: f.options.length > 0 ? JSON.stringify(f.options) : null,
          sort_order: index + 1,
          updated_at: now,
        };
        if (f.id) {
          await repo.updateEformField(trx, tenantId, f.id, values);
        } else {
          await repo.insertEformField(trx, {
            id: newId(now),
            tenant_id: tenantId,
            service_id: serviceId,
            created_at: now,
            ...values,
          });
        }
      }
      const after = await read(trx, tenantId, serviceId);
      if (JSON.stringify(after) === JSON.stringify(before)) return before;
      await audit.record(trx, actor, {
        action: 'service.eform.update',
        entityType: 'service',
        entityId: serviceId,
        tenantId,
        before: before.fields,
        after: after.fields,
      });
      return after;
    });
  }

  return { get, save };
}

export type EformService = ReturnType<typeof createEformService>;
