import type { FastifyInstance } from 'fastify';
import { healthContract } from '@antrean/shared/contracts/health.contract';
import { defineRoute } from '../../lib/route';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/deps';
import { pingDatabase } from '../../db/ping';

export function healthRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, healthContract.get, { auth: 'public' }, async () => {
    try {
      await pingDatabase(deps.database);
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE');
    }
    return { status: 'ok' as const, db: deps.database.kind, version: deps.config.version };
  });
}
