import { newId, randomCode } from '@antrean/shared/common/ids';
import { can } from '@antrean/shared/auth/permissions';
import type {
  BranchApiKey,
  BranchList,
  BranchListQuery,
  CopyBranchBody,
  UpdateBranchBody,
} from '@antrean/shared/contracts/branch-admin.contract';
import type { BranchImportPreview } from '@antrean/shared/contracts/branch-import.contract';
import type { ImportFile } from '@antrean/shared/contracts/import-file';
import type { BranchDetail, BranchValues } from '@antrean/shared/domain/branch';
import type { Language } from '@antrean/shared/i18n/lang';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { newToken, sha256 } from '../../lib/crypto';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { requireTenantStaff } from '../../lib/policy';
import type { Db } from '../../lib/uow';
import type { Audit } from '../audit/audit.service';
import { toBranch, toBranchDetail } from './branch.mapper';
import { findBranch, type BranchRow } from './branch.repository';
import * as repo from './branch-admin.repository';
import { copyBranchSetup } from './branch-copy.repository';
import { checkBranchFile, type CheckedBranch } from './branch-import';
import { GENERATED_DEVICE_CODE_LENGTH } from '@antrean/shared/contracts/device-admin.contract';

const ENTITY = 'branch';
const flag = (value: boolean): number => (value ? 1 : 0);

/** The columns of the edited fields. */
function columnsOf(values: UpdateBranchBody) {
  const map = {
    code: values.code,
    name: values.name,
    address: values.address,
    province: values.province,
    city: values.city,
    village: values.village,
    time_zone: values.timeZone,
    category: values.category,
    display_limit: values.displayLimit,
    counter_limit: values.counterLimit,
    monitoring_url: values.monitoringUrl,
    auto_serve: values.autoServe === undefined ? undefined : flag(values.autoServe),
    auto_serve_delay_seconds: values.autoServeDelaySeconds,
    whatsapp_virtual_ticket:
      values.whatsappVirtualTicket === undefined ? undefined : flag(values.whatsappVirtualTicket),
    show_on_kiosk: values.showOnKiosk === undefined ? undefined : flag(values.showOnKiosk),
    show_on_web: values.showOnWeb === undefined ? undefined : flag(values.showOnWeb),
    is_active: values.isActive === undefined ? undefined : flag(values.isActive),
  };
  return Object.fromEntries(Object.entries(map).filter(([, v]) => v !== undefined));
}

/**
 * Branch administration: the counters page's pattern (actor → policy → one transaction with its
 * audit entry). The limits bound ACTIVE counters and displays, so a limit cannot be lowered
 * below what is active; a branch with queue history is deactivated, never deleted.
 */
export function createBranchAdminService(deps: ServiceDeps, audit: Audit) {
  const { uow, clock } = deps;

  function adminTenant(actor: Actor): string {
    const staff = requireTenantStaff(actor);
    if (!can(staff.role, 'tenant.configure')) throw new AppError('FORBIDDEN');
    return staff.tenantId;
  }

  async function detailOf(db: Db, tenantId: string, row: BranchRow): Promise<BranchDetail> {
    return toBranchDetail(row, await repo.countBranchUsage(db, tenantId, row.id));
  }

  async function list(actor: Actor, query: BranchListQuery): Promise<BranchList> {
    const tenantId = adminTenant(actor);
    const page = await uow.read((db) => repo.listBranchPage(db, tenantId, query));
    return { items: page.rows.map(toBranch), total: page.total, page: query.page, pageSize: query.pageSize };
  }

  async function loadLocked(trx: Transaction<DB>, tenantId: string, branchId: string): Promise<BranchRow> {
    const row = await repo.lockBranchRow(trx, uow.kind, tenantId, branchId);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async function get(actor: Actor, branchId: string): Promise<BranchDetail> {
    const tenantId = adminTenant(actor);
    return uow.read(async (db) => {
      const row = await findBranch(db, tenantId, branchId);
      if (!row) throw new AppError('NOT_FOUND');
      return detailOf(db, tenantId, row);
    });
  }

  async function checkCode(db: Db, tenantId: string, code: string, exceptId: string | null): Promise<void> {
    if (await repo.codeTaken(db, tenantId, code, exceptId)) {
      throw new AppError('BRANCH_CODE_TAKEN', { fields: { code: 'BRANCH_CODE_TAKEN' } });
    }
  }

  /** Inserts a branch inside the caller's transaction (create, import, copy share it). */
  async function insertIn(
    trx: Transaction<DB>,
    actor: Actor,
    tenantId: string,
    values: BranchValues,
    action: 'branch.create' | 'branch.import' = 'branch.create',
  ) {
    const now = clock.now();
    await checkCode(trx, tenantId, values.code, null);
    const row: BranchRow = {
      id: newId(now),
      tenant_id: tenantId,
      code: values.code,
      name: values.name,
      address: values.address,
      province: values.province,
      city: values.city,
      village: values.village,
      time_zone: values.timeZone,
      category: values.category,
      display_limit: values.displayLimit,
      counter_limit: values.counterLimit,
      api_key_hash: null,
      api_key_hint: null,
      monitoring_url: values.monitoringUrl,
      auto_serve: flag(values.autoServe),
      auto_serve_delay_seconds: values.autoServeDelaySeconds,
      whatsapp_virtual_ticket: flag(values.whatsappVirtualTicket),
      show_on_kiosk: flag(values.showOnKiosk),
      show_on_web: flag(values.showOnWeb),
      is_active: flag(values.isActive),
      created_at: now,
      updated_at: now,
    };
    await repo.insertBranch(trx, row);
    const created = toBranchDetail(row, { activeCounters: 0, activeDisplays: 0 });
    await audit.record(trx, actor, {
      action,
      entityType: ENTITY,
      entityId: row.id,
      tenantId,
      branchId: row.id,
      before: null,
      after: toBranch(row),
    });
    return created;
  }

  async function create(actor: Actor, body: BranchValues): Promise<BranchDetail> {
    const tenantId = adminTenant(actor);
    return uow.transaction((trx) => insertIn(trx, actor, tenantId, body));
  }

  async function update(actor: Actor, branchId: string, values: UpdateBranchBody): Promise<BranchDetail> {
    const tenantId = adminTenant(actor);
    return uow.transaction(async (trx) => {
      const beforeRow = await loadLocked(trx, tenantId, branchId);
      if (values.code !== undefined) await checkCode(trx, tenantId, values.code, branchId);
      const usage = await repo.countBranchUsage(trx, tenantId, branchId);
      if (values.counterLimit !== undefined && values.counterLimit < usage.activeCounters) {
        throw new AppError('BRANCH_COUNTER_LIMIT_BELOW_ACTIVE', {
          active: usage.activeCounters,
          fields: { counterLimit: 'BRANCH_COUNTER_LIMIT_BELOW_ACTIVE' },
        });
      }
      if (values.displayLimit !== undefined && values.displayLimit < usage.activeDisplays) {
        throw new AppError('BRANCH_DISPLAY_LIMIT_BELOW_ACTIVE', {
          active: usage.activeDisplays,
          fields: { displayLimit: 'BRANCH_DISPLAY_LIMIT_BELOW_ACTIVE' },
        });
      }
      const before = toBranch(beforeRow);
      const afterRow: BranchRow = { ...beforeRow, ...columnsOf(values) };
      const after = toBranch(afterRow);
      if (JSON.stringify(after) === JSON.stringify(before)) return toBranchDetail(beforeRow, usage);
      afterRow.updated_at = clock.now();
      await repo.updateBranch(trx, tenantId, branchId, {
        ...columnsOf(values),
        updated_at: afterRow.updated_at,
      });
      const action =
        after.isActive === before.isActive
          ? 'branch.update'
          : after.isActive
            ? 'branch.activate'
            : 'branch.deactivate';
      await audit.record(trx, actor, {
        action,
        entityType: ENTITY,
        entityId: branchId,
        tenantId,
        branchId,
        before,
        after,
      });
      return toBranchDetail(afterRow, usage);
    });
  }

  /** Deletes a branch nobody was served at; one with queue history is kept (deactivate it). */
  async function remove(actor: Actor, branchId: string): Promise<void> {
    const tenantId = adminTenant(actor);
    await uow.transaction(async (trx) => {
      const row = await loadLocked(trx, tenantId, branchId);
      if (await repo.branchHasHistory(trx, tenantId, branchId)) throw new AppError('BRANCH_HAS_HISTORY');
      await repo.deleteBranch(trx, tenantId, branchId);
      await audit.record(trx, actor, {
        action: 'branch.delete',
        entityType: ENTITY,
        entityId: branchId,
        tenantId,
        branchId,
        before: toBranch(row),
        after: null,
      });
    });
  }

  /**
   * A new integration key `ak_<branchId>_<secret>` (decision 16): only its SHA-256 and a hint
   * are stored, the previous key stops working at once, and the key is in this answer only.
   */
  async function rotateApiKey(actor: Actor, branchId: string): Promise<BranchApiKey> {
    const tenantId = adminTenant(actor);
    return uow.transaction(async (trx) => {
      const row = await loadLocked(trx, tenantId, branchId);
      const key = `ak_${branchId}_${newToken(24)}`;
      const hint = key.slice(-4);
      await repo.setApiKey(trx, tenantId, branchId, { hash: sha256(key), hint, now: clock.now() });
      await audit.record(trx, actor, {
        action: row.api_key_hash === null ? 'branch.api-key.generate' : 'branch.api-key.rotate',
        entityType: ENTITY,
        entityId: branchId,
        tenantId,
        branchId,
        before: { apiKeyHint: row.api_key_hint },
        after: { apiKeyHint: hint },
      });
      return { key, hint, header: 'X-Api-Key' };
    });
  }

  /**
   * A new branch with the setup of `sourceId` (decision 45). The copied active counters and
   * displays must fit the new branch's limits; device codes are new.
   */
  async function copy(actor: Actor, sourceId: string, body: CopyBranchBody) {
    const tenantId = adminTenant(actor);
    const { copy: parts, ...values } = body;
    return uow.transaction(async (trx) => {
      if (!(await repo.lockBranchRow(trx, uow.kind, tenantId, sourceId))) throw new AppError('NOT_FOUND');
      const usage = await repo.countBranchUsage(trx, tenantId, sourceId);
      if (parts.counters && usage.activeCounters > values.counterLimit) {
        throw new AppError('BRANCH_COUNTER_LIMIT_BELOW_ACTIVE', {
          active: usage.activeCounters,
          fields: { counterLimit: 'BRANCH_COUNTER_LIMIT_BELOW_ACTIVE' },
        });
      }
      if (parts.devices && usage.activeDisplays > values.displayLimit) {
        throw new AppError('BRANCH_DISPLAY_LIMIT_BELOW_ACTIVE', {
          active: usage.activeDisplays,
          fields: { displayLimit: 'BRANCH_DISPLAY_LIMIT_BELOW_ACTIVE' },
        });
      }
      const created = await insertIn(trx, actor, tenantId, values);
      const now = clock.now();
      const copied = await copyBranchSetup(
        trx,
        { tenantId, source: sourceId, target: created.id, now },
        parts,
        { id: () => newId(now), code: () => randomCode(GENERATED_DEVICE_CODE_LENGTH) },
      );
      await audit.record(trx, actor, {
        action: 'branch.copy',
        entityType: ENTITY,
        entityId: created.id,
        tenantId,
        branchId: created.id,
        before: null,
        after: { from: sourceId, parts, copied },
      });
      const branch = {
        ...created,
        usage:
          parts.counters || parts.devices
            ? await repo.countBranchUsage(trx, tenantId, created.id)
            : created.usage,
      };
      return { branch, copied };
    });
  }

  /** Every row of a CSV of branches with its errors (decision 61), against the tenant's codes. */
  async function checkFile(
    db: Db,
    tenantId: string,
    file: ImportFile,
    lang: Language,
  ): Promise<CheckedBranch[]> {
    return checkBranchFile(file, await repo.lowerCaseCodes(db, tenantId), lang);
  }

  /** The preview of an import: every row with its errors; nothing is saved. */
  async function previewImport(actor: Actor, file: ImportFile, lang: Language): Promise<BranchImportPreview> {
    const tenantId = adminTenant(actor);
    const checked = await uow.read((db) => checkFile(db, tenantId, file, lang));
    const invalid = checked.filter((c) => c.branch === null).length;
    return { rows: checked.map((c) => c.row), valid: checked.length - invalid, invalid };
  }

  /**
   * Imports every row, or none: one error anywhere refuses the whole file (BRANCH_IMPORT_INVALID).
   * Checked again inside the transaction; each branch goes through the create path (audited).
   */
  async function commitImport(actor: Actor, file: ImportFile, lang: Language): Promise<{ created: number }> {
    const tenantId = adminTenant(actor);
    return uow.transaction(async (trx) => {
      const checked = await checkFile(trx, tenantId, file, lang);
      const invalidRows = checked.filter((c) => c.branch === null).map((c) => c.row.line);
      if (invalidRows.length > 0) throw new AppError('BRANCH_IMPORT_INVALID', { invalidRows });
      for (const { branch } of checked) {
        if (branch) await insertIn(trx, actor, tenantId, branch, 'branch.import');
      }
      return { created: checked.length };
    });
  }

  return { list, get, create, update, remove, rotateApiKey, copy, previewImport, commitImport };
}

export type BranchAdminService = ReturnType<typeof createBranchAdminService>;
