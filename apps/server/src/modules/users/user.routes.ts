import type { FastifyInstance } from 'fastify';
import { usersContract } from '@antrean/shared/contracts/users.contract';
import { userImportContract } from '@antrean/shared/contracts/user-import.contract';
import { defineRoute } from '../../lib/route';
import type { UserService } from './user.service';
import type { UserImportService } from './user-import.service';

/** User administration: an admin of the tenant (or a superadmin acting in it). */
export function userRoutes(app: FastifyInstance, users: UserService): void {
  const auth = { staff: 'tenant.users' } as const;
  defineRoute(app, usersContract.list, { auth }, ({ actor, query }) => users.list(actor, query));
  defineRoute(app, usersContract.get, { auth }, ({ actor, params }) => users.get(actor, params.userId));
  defineRoute(app, usersContract.create, { auth }, ({ actor, body }) => users.create(actor, body));
  defineRoute(app, usersContract.update, { auth }, ({ actor, params, body }) =>
    users.update(actor, params.userId, body),
  );
  defineRoute(app, usersContract.remove, { auth }, async ({ actor, params }) => {
    await users.remove(actor, params.userId);
    return null;
  });
}

/** Importing service users from CSV: preview, then all or nothing (admin). */
export function userImportRoutes(app: FastifyInstance, imports: UserImportService): void {
  const auth = { staff: 'tenant.users' } as const;
  defineRoute(app, userImportContract.preview, { auth }, ({ actor, body, request }) =>
    imports.preview(actor, body, request.lang),
  );
  defineRoute(app, userImportContract.commit, { auth }, ({ actor, body, request }) =>
    imports.commit(actor, body, request.lang),
  );
}
