import type { FastifyInstance } from 'fastify';
import { profileContract } from '@antrean/shared/contracts/profile.contract';
import { defineRoute } from '../../lib/route';
import type { ProfileService } from './profile.service';

/** The profile menu: any signed-in staff member, about themselves only. */
export function profileRoutes(app: FastifyInstance, profile: ProfileService): void {
  const auth = { staff: 'any' } as const;
  defineRoute(app, profileContract.get, { auth }, ({ actor }) => profile.get(actor));
  defineRoute(app, profileContract.update, { auth }, ({ actor, body }) => profile.update(actor, body));
  defineRoute(app, profileContract.changePassword, { auth }, async ({ actor, body }) => {
    await profile.changePassword(actor, body);
    return null;
  });
}
