import type { FastifyInstance } from 'fastify';
import { branchesContract } from '@antrean/shared/contracts/branches.contract';
import { defineRoute } from '../../lib/route';
import type { BranchService } from './branch.service';

export function branchRoutes(app: FastifyInstance, branches: BranchService): void {
  defineRoute(app, branchesContract.list, { auth: { staff: 'branch.read' } }, async ({ actor }) => ({
    items: await branches.list(actor),
  }));
  defineRoute(app, branchesContract.get, { auth: { staff: 'branch.read' } }, async ({ actor, params }) =>
    branches.get(actor, params.branchId),
  );
}
