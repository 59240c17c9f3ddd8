import { newId } from '@antrean/shared/common/ids';
import { can } from '@antrean/shared/auth/permissions';
import type {
  ProductList,
  ProductListQuery,
  UpdateProductBody,
  UpdateProductItemBody,
} from '@antrean/shared/contracts/products.contract';
import type {
  Product,
  ProductDetail,
  ProductItem,
  ProductItemValues,
  ProductValues,
} from '@antrean/shared/domain/product';
import type { LiveBus } from '../../live/bus';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import type { Db } from '../../lib/uow';
import { AppError } from '../../lib/errors';
import { requireTenantStaff } from '../../lib/policy';
import type { Audit } from '../audit/audit.service';
import { publishRates } from './display-boards';
import * as repo from './product.repository';

function toProduct(row: repo.ProductRow, itemCount: number): Product {
  return {
    id: row.id,
    name: row.name,
    isActive: row.is_active === 1,
    sortOrder: row.sort_order,
    itemCount,
  };
}

function toItem(row: repo.ProductItemRow): ProductItem {
  return {
    id: row.id,
    productId: row.product_id,
    name: row.name,
    percentage: row.percentage,
    sortOrder: row.sort_order,
  };
}

/**
 * Products and their interest rates. Each change is audited in its transaction and, after the
 * commit, the interest-rate board goes to every active display of the tenant (`rates.updated`).
 */
export function createProductService(deps: ServiceDeps, audit: Audit, bus: LiveBus) {
  const { uow, clock } = deps;

  function adminTenant(actor: Actor): string {
    const staff = requireTenantStaff(actor);
    if (!can(staff.role, 'tenant.configure')) throw new AppError('FORBIDDEN');
    return staff.tenantId;
  }

  async function tellDisplays(tenantId: string): Promise<void> {
    await uow.read((db) => publishRates(db, bus, tenantId));
  }

  async function loadProduct(db: Db, tenantId: string, productId: string): Promise<repo.ProductRow> {
    const row = await repo.findProduct(db, tenantId, productId);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async function checkName(db: Db, tenantId: string, name: string, exceptId: string | null): Promise<void> {
    if (await repo.productNameTaken(db, tenantId, name, exceptId)) {
      throw new AppError('PRODUCT_NAME_TAKEN', { fields: { name: 'PRODUCT_NAME_TAKEN' } });
    }
  }

  async function checkItemName(
    db: Db,
    tenantId: string,
    productId: string,
    name: string,
    exceptId: string | null,
  ): Promise<void> {
    if (await repo.itemNameTaken(db, tenantId, productId, name, exceptId)) {
      throw new AppError('PRODUCT_ITEM_NAME_TAKEN', { fields: { name: 'PRODUCT_ITEM_NAME_TAKEN' } });
    }
  }

  async function list(actor: Actor, query: ProductListQuery): Promise<ProductList> {
    const tenantId = adminTenant(actor);
    return uow.read(async (db) => {
      const page = await repo.listProductPage(db, tenantId, query);
      const counts = await repo.itemCounts(
        db,
        tenantId,
        page.rows.map((r) => r.id),
      );
      return {
        items: page.rows.map((r) => toProduct(r, counts.get(r.id) ?? 0)),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    });
  }

  async function get(actor: Actor, productId: string): Promise<ProductDetail> {
    const tenantId = adminTenant(actor);
    return uow.read(async (db) => {
      const row = await loadProduct(db, tenantId, productId);
      const items = await repo.listItems(db, tenantId, productId);
      return { ...toProduct(row, items.length), items: items.map(toItem) };
    });
  }

  async function create(actor: Actor, body: ProductValues): Promise<Product> {
    const tenantId = adminTenant(actor);
    const created = await uow.transaction(async (trx) => {
      await checkName(trx, tenantId, body.name, null);
      const now = clock.now();
      const row: repo.ProductRow = {
        id: newId(now),
        tenant_id: tenantId,
        name: body.name,
        is_active: body.isActive ? 1 : 0,
        sort_order: body.sortOrder,
        created_at: now,
        updated_at: now,
      };
      await repo.insertProduct(trx, row);
      const product = toProduct(row, 0);
      await audit.record(trx, actor, {
        action: 'product.create',
        entityType: 'product',
        entityId: row.id,
        tenantId,
        before: null,
        after: product,
      });
      return product;
    });
    await tellDisplays(tenantId);
    return created;
  }

  async function update(actor: Actor, productId: string, body: UpdateProductBody): Promise<Product> {
    const tenantId = adminTenant(actor);
    const result = await uow.transaction(async (trx) => {
      const row = await loadProduct(trx, tenantId, productId);
      const count = (await repo.listItems(trx, tenantId, productId)).length;
      const before = toProduct(row, count);
      if (body.name !== undefined) await checkName(trx, tenantId, body.name, productId);
      const after: Product = {
        ...before,
        name: body.name ?? before.name,
        isActive: body.isActive ?? before.isActive,
        sortOrder: body.sortOrder ?? before.sortOrder,
      };
      if (JSON.stringify(after) === JSON.stringify(before)) return { after, changed: false };
      await repo.updateProduct(trx, tenantId, productId, {
        name: after.name,
        is_active: after.isActive ? 1 : 0,
        sort_order: after.sortOrder,
        updated_at: clock.now(),
      });
      await audit.record(trx, actor, {
        action: 'product.update',
        entityType: 'product',
        entityId: productId,
        tenantId,
        before,
        after,
      });
      return { after, changed: true };
    });
    if (result.changed) await tellDisplays(tenantId);
    return result.after;
  }

  /** Deletes a product with its items (the page confirms first); the audit keeps both. */
  async function remove(actor: Actor, productId: string): Promise<void> {
    const tenantId = adminTenant(actor);
    await uow.transaction(async (trx) => {
      const row = await loadProduct(trx, tenantId, productId);
      const items = await repo.listItems(trx, tenantId, productId);
      await repo.deleteProduct(trx, tenantId, productId);
      await audit.record(trx, actor, {
        action: 'product.delete',
        entityType: 'product',
        entityId: productId,
        tenantId,
        before: { ...toProduct(row, items.length), items: items.map(toItem) },
        after: null,
      });
    });
    await tellDisplays(tenantId);
  }

  async function createItem(actor: Actor, productId: string, body: ProductItemValues): Promise<ProductItem> {
    const tenantId = adminTenant(actor);
    const created = await uow.transaction(async (trx) => {
      await loadProduct(trx, tenantId, productId);
      await checkItemName(trx, tenantId, productId, body.name, null);
      const now = clock.now();
      const row: repo.ProductItemRow = {
        id: newId(now),
        tenant_id: tenantId,
        product_id: productId,
        name: body.name,
        percentage: body.percentage,
        sort_order: body.sortOrder,
        created_at: now,
        updated_at: now,
      };
      await repo.insertItem(trx, row);
      const item = toItem(row);
      await audit.record(trx, actor, {
        action: 'product.item.create',
        entityType: 'product_item',
        entityId: row.id,
        tenantId,
        before: null,
        after: item,
      });
      return item;
    });
    await tellDisplays(tenantId);
    return created;
  }

  async function updateItem(
    actor: Actor,
    productId: string,
    itemId: string,
    body: UpdateProductItemBody,
  ): Promise<ProductItem> {
    const tenantId = adminTenant(actor);
    const result = await uow.transaction(async (trx) => {
      const row = await repo.findItem(trx, tenantId, productId, itemId);
      if (!row) throw new AppError('NOT_FOUND');
      const before = toItem(row);
      if (body.name !== undefined) await checkItemName(trx, tenantId, productId, body.name, itemId);
      const after: ProductItem = {
        ...before,
        name: body.name ?? before.name,
        percentage: body.percentage ?? before.percentage,
        sortOrder: body.sortOrder ?? before.sortOrder,
      };
      if (JSON.stringify(after) === JSON.stringify(before)) return { after, changed: false };
      await repo.updateItem(trx, tenantId, itemId, {
        name: after.name,
        percentage: after.percentage,
        sort_order: after.sortOrder,
        updated_at: clock.now(),
      });
      await audit.record(trx, actor, {
        action: 'product.item.update',
        entityType: 'product_item',
        entityId: itemId,
        tenantId,
        before,
        after,
      });
      return { after, changed: true };
    });
    if (result.changed) await tellDisplays(tenantId);
    return result.after;
  }

  async function removeItem(actor: Actor, productId: string, itemId: string): Promise<void> {
    const tenantId = adminTenant(actor);
    await uow.transaction(async (trx) => {
      const row = await repo.findItem(trx, tenantId, productId, itemId);
      if (!row) throw new AppError('NOT_FOUND');
      await repo.deleteItem(trx, tenantId, itemId);
      await audit.record(trx, actor, {
        action: 'product.item.delete',
        entityType: 'product_item',
        entityId: itemId,
        tenantId,
        before: toItem(row),
        after: null,
      });
    });
    await tellDisplays(tenantId);
  }

  return { list, get, create, update, remove, createItem, updateItem, removeItem };
}

export type ProductService = ReturnType<typeof createProductService>;
