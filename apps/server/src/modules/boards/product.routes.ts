import type { FastifyInstance } from 'fastify';
import { productsContract } from '@antrean/shared/contracts/products.contract';
import { defineRoute } from '../../lib/route';
import type { ProductService } from './product.service';

/** Products and interest rates: an admin of the tenant (or a superadmin acting in it). */
export function productRoutes(app: FastifyInstance, products: ProductService): void {
  const auth = { staff: 'tenant.configure' } as const;
  defineRoute(app, productsContract.list, { auth }, ({ actor, query }) => products.list(actor, query));
  defineRoute(app, productsContract.get, { auth }, ({ actor, params }) =>
    products.get(actor, params.productId),
  );
  defineRoute(app, productsContract.create, { auth }, ({ actor, body }) => products.create(actor, body));
  defineRoute(app, productsContract.update, { auth }, ({ actor, params, body }) =>
    products.update(actor, params.productId, body),
  );
  defineRoute(app, productsContract.remove, { auth }, async ({ actor, params }) => {
    await products.remove(actor, params.productId);
    return null;
  });
  defineRoute(app, productsContract.createItem, { auth }, ({ actor, params, body }) =>
    products.createItem(actor, params.productId, body),
  );
  defineRoute(app, productsContract.updateItem, { auth }, ({ actor, params, body }) =>
    products.updateItem(actor, params.productId, params.itemId, body),
  );
  defineRoute(app, productsContract.removeItem, { auth }, async ({ actor, params }) => {
    await products.removeItem(actor, params.productId, params.itemId);
    return null;
  });
}
