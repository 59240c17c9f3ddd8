import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import type { Database } from '../db/database';
import type { Clock } from './clock';

/** What buildApp() is given; services are created from it (no hidden globals). */
export interface Deps {
  config: Config;
  database: Database;
  clock: Clock;
  logger?: FastifyBaseLogger;
}
