import type { FastifyInstance } from 'fastify';
import { catalogContract } from '@antrean/shared/contracts/catalog.contract';
import { defineRoute } from '../../lib/route';
import type { CatalogService } from './catalog.service';

export function catalogRoutes(app: FastifyInstance, catalog: CatalogService): void {
  const branchReaders = { staff: 'branch.read', kiosk: true, display: true, apiKey: true } as const;
  defineRoute(app, catalogContract.branchServices, { auth: branchReaders }, async ({ actor, params }) => ({
    items: await catalog.branchServices(actor, params.branchId),
  }));
  defineRoute(app, catalogContract.branchCounters, { auth: branchReaders }, async ({ actor, params }) => ({
    items: await catalog.branchCounters(actor, params.branchId),
  }));
  defineRoute(app, catalogContract.theme, { auth: { staff: 'any' } }, async ({ actor }) =>
    catalog.theme(actor),
  );
}
