import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import type { Database } from '../db/database';
import type { Clock } from './clock';
import { unitOfWork, type UnitOfWork } from './uow';

/** What buildApp() is given (no hidden globals). Only infrastructure sees the Database itself. */
export interface Deps {
  config: Config;
  database: Database;
  clock: Clock;
  logger?: FastifyBaseLogger;
}

/**
 * What a service is given: the unit of work instead of the database handle, so every query runs
 * in the transaction of its call chain (lib/uow.ts).
 */
export interface ServiceDeps {
  config: Config;
  clock: Clock;
  uow: UnitOfWork;
  logger?: FastifyBaseLogger;
}

export function serviceDeps(deps: Deps): ServiceDeps {
  return {
    config: deps.config,
    clock: deps.clock,
    uow: unitOfWork(deps.database),
    ...(deps.logger ? { logger: deps.logger } : {}),
  };
}
