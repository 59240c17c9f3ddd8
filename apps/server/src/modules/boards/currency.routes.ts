import type { FastifyInstance } from 'fastify';
import { currenciesContract } from '@antrean/shared/contracts/currencies.contract';
import { defineRoute } from '../../lib/route';
import type { CurrencyService } from './currency.service';

/** Foreign currencies: an admin of the tenant (or a superadmin acting in it). */
export function currencyRoutes(app: FastifyInstance, currencies: CurrencyService): void {
  const auth = { staff: 'tenant.configure' } as const;
  defineRoute(app, currenciesContract.list, { auth }, ({ actor, query }) => currencies.list(actor, query));
  defineRoute(app, currenciesContract.create, { auth }, ({ actor, body }) => currencies.create(actor, body));
  defineRoute(app, currenciesContract.updateRates, { auth }, ({ actor, body }) =>
    currencies.updateRates(actor, body),
  );
  defineRoute(app, currenciesContract.update, { auth }, ({ actor, params, body }) =>
    currencies.update(actor, params.currencyId, body),
  );
  defineRoute(app, currenciesContract.remove, { auth }, async ({ actor, params }) => {
    await currencies.remove(actor, params.currencyId);
    return null;
  });
}
