import type {
  CreateTenantBody,
  TenantList,
  TenantListQuery,
  UpdateTenantBody,
} from '@antrean/shared/contracts/platform.contract';
import type { StoredImage } from '@antrean/shared/contracts/files.contract';
import type { Tenant } from '@antrean/shared/domain/tenant';
import type { TopicName } from '../../live/hub';
import type { Actor } from '../../lib/actor';
import { hashPassword } from '../../lib/crypto';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import type { Db } from '../../lib/uow';
import type { LiveBus } from '../../live/bus';
import type { Audit } from '../audit/audit.service';
import { findFile } from '../files/file.repository';
import type { FileService, ServedFile } from '../files/file.service';
import * as repo from './platform.repository';
import { requirePlatformStaff } from './platform.policy';

const toTenant = (row: repo.TenantRow): Tenant => ({
  id: row.id,
  name: row.name,
  categoryId: row.category_id,
  categoryName: row.category_name,
  logoFileId: row.logo_file_id,
  isActive: row.is_active === 1,
  createdAt: row.created_at,
});

/**
 * Tenants (superadmin): create one with its first admin, edit it, upload its logo, deactivate it.
 * Tenants are never deleted here: an inactive tenant keeps its data (decisions §50).
 */
export function createTenantAdminService(deps: ServiceDeps, audit: Audit, files: FileService, bus: LiveBus) {
  const { uow, clock } = deps;

  async function list(actor: Actor, query: TenantListQuery): Promise<TenantList> {
    requirePlatformStaff(actor);
    return uow.read(async (db) => {
      const page = await repo.listTenantPage(db, query);
      return {
        items: page.rows.map(toTenant),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    });
  }

  async function load(db: Db, id: string): Promise<Tenant> {
    const row = await repo.findTenant(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toTenant(row);
  }

  async function get(actor: Actor, id: string): Promise<Tenant> {
    requirePlatformStaff(actor);
    return uow.read((db) => load(db, id));
  }

  async function checkName(db: Db, name: string, exceptId: string | null): Promise<void> {
    if (await repo.tenantNameTaken(db, name, exceptId)) {
      throw new AppError('TENANT_NAME_TAKEN', { fields: { name: 'TENANT_NAME_TAKEN' } });
    }
  }

  async function checkCategory(db: Db, categoryId: string): Promise<void> {
    if (!(await repo.categoryExists(db, categoryId))) {
      throw new AppError('VALIDATION_FAILED', { fields: { categoryId: 'v.mustChoose' } });
    }
  }

  async function create(actor: Actor, body: CreateTenantBody): Promise<Tenant> {
    requirePlatformStaff(actor);
    // Hashing is slow (argon2id): before the transaction, so it holds no lock meanwhile.
    const passwordHash = await hashPassword(body.admin.password);
    return uow.transaction(async (trx) => {
      const now = clock.now();
      await checkCategory(trx, body.categoryId);
      await checkName(trx, body.name, null);
      const username = body.admin.username.toLowerCase();
      if (await repo.usernameTaken(trx, username)) {
        throw new AppError('USERNAME_TAKEN', { fields: { 'admin.username': 'USERNAME_TAKEN' } });
      }
      const { tenantId, adminId } = await repo.insertTenantWithAdmin(
        trx,
        now,
        { name: body.name, categoryId: body.categoryId, isActive: body.isActive },
        { username, fullName: body.admin.fullName, passwordHash },
      );
      const created = await load(trx, tenantId);
      await audit.record(trx, actor, {
        action: 'tenant.create',
        entityType: 'tenant',
        entityId: tenantId,
        tenantId,
        before: null,
        after: created,
      });
      await audit.record(trx, actor, {
        action: 'user.create',
        entityType: 'user',
        entityId: adminId,
        tenantId,
        before: null,
        after: { id: adminId, username, fullName: body.admin.fullName, role: 'admin', isActive: true },
      });
      return created;
    });
  }

  async function update(actor: Actor, id: string, body: UpdateTenantBody): Promise<Tenant> {
    requirePlatformStaff(actor);
    let cutOff: TopicName[] = [];
    const saved = await uow.transaction(async (trx) => {
      const before = await load(trx, id);
      if (body.categoryId !== undefined) await checkCategory(trx, body.categoryId);
      if (body.name !== undefined) await checkName(trx, body.name, id);
      if (body.logoFileId) {
        const file = await findFile(trx, id, body.logoFileId);
        if (file?.kind !== 'logo') {
          throw new AppError('VALIDATION_FAILED', { fields: { logoFileId: 'v.enum' } });
        }
      }
      const values = {
        name: body.name ?? before.name,
        categoryId: body.categoryId ?? before.categoryId,
        logoFileId: body.logoFileId === undefined ? before.logoFileId : body.logoFileId,
        isActive: body.isActive ?? before.isActive,
      };
      if (
        values.name === before.name &&
        values.categoryId === before.categoryId &&
        values.logoFileId === before.logoFileId &&
        values.isActive === before.isActive
      ) {
        return before;
      }
      await repo.updateTenant(trx, id, {
        name: values.name,
        category_id: values.categoryId,
        logo_file_id: values.logoFileId,
        is_active: values.isActive ? 1 : 0,
        updated_at: clock.now(),
      });
      const after = await load(trx, id);
      const action =
        after.isActive === before.isActive
          ? 'tenant.update'
          : after.isActive
            ? 'tenant.activate'
            : 'tenant.deactivate';
      await audit.record(trx, actor, {
        action,
        entityType: 'tenant',
        entityId: id,
        tenantId: id,
        before,
        after,
      });
      if (action === 'tenant.deactivate') {
        cutOff = await repo.tenantLiveTopics(trx, id);
      }
      return after;
    });
    // After the commit: the tenant's open screens are cut off with TENANT_INACTIVE (decision 53).
    for (const topic of cutOff) bus.publish({ kind: 'revoke', topic, code: 'TENANT_INACTIVE' });
    // Its staff's sockets (and a superadmin's acting in it) may subscribe to nothing more.
    if (!saved.isActive) bus.publish({ kind: 'access', scope: 'tenant', id });
    return saved;
  }

  /** The tenant must exist before its logo is uploaded into it (404 otherwise, nothing read). */
  async function assertLogoTarget(actor: Actor, id: string): Promise<void> {
    requirePlatformStaff(actor);
    await uow.read((db) => load(db, id));
  }

  /** Stores a logo image of the tenant (type from the bytes, size bounded); the form saves its id. */
  async function uploadLogo(
    actor: Actor,
    id: string,
    bytes: Buffer,
    originalName: string,
  ): Promise<StoredImage> {
    const staff = requirePlatformStaff(actor);
    await assertLogoTarget(actor, id);
    return files.storeImage(id, staff.userId, 'logo', bytes, originalName);
  }

  /** A logo of the tenant, for the superadmin's page (the tenant-scoped file route needs a tenant). */
  async function openLogo(actor: Actor, id: string, fileId: string): Promise<ServedFile> {
    requirePlatformStaff(actor);
    return files.openLogoOf(id, fileId);
  }

  return { list, get, create, update, assertLogoTarget, uploadLogo, openLogo };
}

export type TenantAdminService = ReturnType<typeof createTenantAdminService>;
