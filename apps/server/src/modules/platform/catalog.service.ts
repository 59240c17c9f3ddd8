import { newId } from '@antrean/shared/common/ids';
import type {
  ApplicationList,
  ApplicationListQuery,
  TenantCategoryList,
  TenantCategoryListQuery,
  UpdateApplicationBody,
  UpdateTenantCategoryBody,
} from '@antrean/shared/contracts/platform.contract';
import {
  APPLICATION_PLATFORMS,
  type Application,
  type ApplicationInput,
} from '@antrean/shared/domain/application';
import type { TenantCategory, TenantCategoryInput } from '@antrean/shared/domain/tenant';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import type { Db } from '../../lib/uow';
import type { Audit } from '../audit/audit.service';
import * as repo from './platform.repository';
import { requirePlatformStaff } from './platform.policy';

const toCategory = (row: repo.CategoryRow): TenantCategory => ({
  id: row.id,
  name: row.name,
  tenantCount: Number(row.tenant_count),
});

function toApplication(row: repo.ApplicationRow): Application {
  const platform = APPLICATION_PLATFORMS.find((p) => p === row.platform);
  if (!platform) throw new Error(`unknown platform ${row.platform}`);
  return {
    id: row.id,
    platform,
    version: row.version,
    changelog: row.changelog,
    downloadUrl: row.download_url,
    releasedAt: row.released_at,
  };
}

/**
 * The superadmin's platform catalogues: tenant categories (a category tenants still belong to is
 * not deleted) and the apps' published versions (one version per platform). Audited with no tenant.
 */
export function createPlatformCatalogService(deps: ServiceDeps, audit: Audit) {
  const { uow, clock } = deps;

  async function listCategories(actor: Actor, query: TenantCategoryListQuery): Promise<TenantCategoryList> {
    requirePlatformStaff(actor);
    return uow.read(async (db) => {
      const page = await repo.listCategoryPage(db, query);
      return {
        items: page.rows.map(toCategory),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    });
  }

  async function loadCategory(db: Db, id: string): Promise<TenantCategory> {
    const row = await repo.findCategory(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toCategory(row);
  }

  async function checkCategoryName(db: Db, name: string, exceptId: string | null): Promise<void> {
    if (await repo.categoryNameTaken(db, name, exceptId)) {
      throw new AppError('TENANT_CATEGORY_NAME_TAKEN', { fields: { name: 'TENANT_CATEGORY_NAME_TAKEN' } });
    }
  }

  async function createCategory(actor: Actor, body: TenantCategoryInput): Promise<TenantCategory> {
    requirePlatformStaff(actor);
    return uow.transaction(async (trx) => {
      const now = clock.now();
      await checkCategoryName(trx, body.name, null);
      const id = newId(now);
      await repo.insertCategory(trx, { id, name: body.name, now });
      const created: TenantCategory = { id, name: body.name, tenantCount: 0 };
      await audit.record(trx, actor, {
        action: 'tenantCategory.create',
        entityType: 'tenantCategory',
        entityId: id,
        tenantId: null,
        before: null,
        after: created,
      });
      return created;
    });
  }

  async function updateCategory(
    actor: Actor,
    id: string,
    body: UpdateTenantCategoryBody,
  ): Promise<TenantCategory> {
    requirePlatformStaff(actor);
    return uow.transaction(async (trx) => {
      const before = await loadCategory(trx, id);
      const name = body.name ?? before.name;
      if (name === before.name) return before;
      await checkCategoryName(trx, name, id);
      await repo.renameCategory(trx, id, name, clock.now());
      const after = { ...before, name };
      await audit.record(trx, actor, {
        action: 'tenantCategory.update',
        entityType: 'tenantCategory',
        entityId: id,
        tenantId: null,
        before,
        after,
      });
      return after;
    });
  }

  async function removeCategory(actor: Actor, id: string): Promise<void> {
    requirePlatformStaff(actor);
    await uow.transaction(async (trx) => {
      const before = await loadCategory(trx, id);
      if (before.tenantCount > 0) {
        throw new AppError('TENANT_CATEGORY_IN_USE', { tenants: before.tenantCount });
      }
      await repo.deleteCategory(trx, id);
      await audit.record(trx, actor, {
        action: 'tenantCategory.delete',
        entityType: 'tenantCategory',
        entityId: id,
        tenantId: null,
        before,
        after: null,
      });
    });
  }

  async function listApplications(actor: Actor, query: ApplicationListQuery): Promise<ApplicationList> {
    requirePlatformStaff(actor);
    return uow.read(async (db) => {
      const page = await repo.listApplicationPage(db, query);
      return {
        items: page.rows.map(toApplication),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    });
  }

  async function checkVersion(db: Db, platform: string, version: string, exceptId: string | null) {
    if (await repo.versionTaken(db, platform, version, exceptId)) {
      throw new AppError('APPLICATION_VERSION_TAKEN', { fields: { version: 'APPLICATION_VERSION_TAKEN' } });
    }
  }

  async function createApplication(actor: Actor, body: ApplicationInput): Promise<Application> {
    requirePlatformStaff(actor);
    return uow.transaction(async (trx) => {
      const now = clock.now();
      await checkVersion(trx, body.platform, body.version, null);
      const row: repo.ApplicationRow = {
        id: newId(now),
        platform: body.platform,
        version: body.version,
        changelog: body.changelog,
        download_url: body.downloadUrl,
        released_at: now,
        created_at: now,
        updated_at: now,
      };
      await repo.insertApplication(trx, row);
      const created = toApplication(row);
      await audit.record(trx, actor, {
        action: 'application.create',
        entityType: 'application',
        entityId: row.id,
        tenantId: null,
        before: null,
        after: created,
      });
      return created;
    });
  }

  async function loadApplication(db: Db, id: string): Promise<Application> {
    const row = await repo.findApplication(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toApplication(row);
  }

  async function updateApplication(
    actor: Actor,
    id: string,
    body: UpdateApplicationBody,
  ): Promise<Application> {
    requirePlatformStaff(actor);
    return uow.transaction(async (trx) => {
      const before = await loadApplication(trx, id);
      const after: Application = {
        ...before,
        platform: body.platform ?? before.platform,
        version: body.version ?? before.version,
        changelog: body.changelog ?? before.changelog,
        downloadUrl: body.downloadUrl === undefined ? before.downloadUrl : body.downloadUrl,
      };
      if (JSON.stringify(after) === JSON.stringify(before)) return before;
      await checkVersion(trx, after.platform, after.version, id);
      await repo.updateApplication(trx, id, {
        platform: after.platform,
        version: after.version,
        changelog: after.changelog,
        download_url: after.downloadUrl,
        updated_at: clock.now(),
      });
      await audit.record(trx, actor, {
        action: 'application.update',
        entityType: 'application',
        entityId: id,
        tenantId: null,
        before,
        after,
      });
      return after;
    });
  }

  async function removeApplication(actor: Actor, id: string): Promise<void> {
    requirePlatformStaff(actor);
    await uow.transaction(async (trx) => {
      const before = await loadApplication(trx, id);
      await repo.deleteApplication(trx, id);
      await audit.record(trx, actor, {
        action: 'application.delete',
        entityType: 'application',
        entityId: id,
        tenantId: null,
        before,
        after: null,
      });
    });
  }

  return {
    listCategories,
    createCategory,
    updateCategory,
    removeCategory,
    listApplications,
    createApplication,
    updateApplication,
    removeApplication,
  };
}

export type PlatformCatalogService = ReturnType<typeof createPlatformCatalogService>;
