import type { FastifyInstance } from 'fastify';
import { branchAdminContract } from '@antrean/shared/contracts/branch-admin.contract';
import { branchImportContract } from '@antrean/shared/contracts/branch-import.contract';
import { defineRoute } from '../../lib/route';
import type { BranchAdminService } from './branch-admin.service';

/** Branch administration: an admin of the tenant (or a superadmin acting in it). */
export function branchAdminRoutes(app: FastifyInstance, branches: BranchAdminService): void {
  const auth = { staff: 'tenant.configure' } as const;
  defineRoute(app, branchAdminContract.list, { auth }, ({ actor, query }) => branches.list(actor, query));
  defineRoute(app, branchAdminContract.get, { auth }, ({ actor, params }) =>
    branches.get(actor, params.branchId),
  );
  defineRoute(app, branchAdminContract.create, { auth }, ({ actor, body }) => branches.create(actor, body));
  defineRoute(app, branchAdminContract.update, { auth }, ({ actor, params, body }) =>
    branches.update(actor, params.branchId, body),
  );
  defineRoute(app, branchAdminContract.remove, { auth }, async ({ actor, params }) => {
    await branches.remove(actor, params.branchId);
    return null;
  });
  defineRoute(app, branchAdminContract.copy, { auth }, ({ actor, params, body }) =>
    branches.copy(actor, params.branchId, body),
  );
  defineRoute(app, branchImportContract.preview, { auth }, ({ actor, body, request }) =>
    branches.previewImport(actor, body, request.lang),
  );
  defineRoute(app, branchImportContract.commit, { auth }, ({ actor, body, request }) =>
    branches.commitImport(actor, body, request.lang),
  );
  defineRoute(app, branchAdminContract.rotateApiKey, { auth }, ({ actor, params }) =>
    branches.rotateApiKey(actor, params.branchId),
  );
}
