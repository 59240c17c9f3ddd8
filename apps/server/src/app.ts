import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Deps } from './lib/deps';
import { installZod } from './plugins/zod';
import { installErrorHandling } from './plugins/errors';
import { installAuth } from './plugins/auth';
import { installOpenApi } from './plugins/openapi';
import { installWeb } from './plugins/web';
import { createAuthService } from './modules/auth/auth.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createBranchService } from './modules/branches/branch.service';
import { branchRoutes } from './modules/branches/branch.routes';
import { healthRoutes } from './modules/health/health.routes';
import { createCatalogService } from './modules/catalog/catalog.service';
import { catalogRoutes } from './modules/catalog/catalog.routes';

export interface BuildOptions {
  logger?: boolean;
}

/** Builds the whole application without listening; tests use it with app.inject(). */
export async function buildApp(deps: Deps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? {
          level: deps.config.logLevel,
          ...(deps.config.env === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
        }
      : false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  installZod(app);
  installErrorHandling(app);

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only where the product is really served over HTTPS (a LAN install on http must keep working).
    strictTransportSecurity: deps.config.publicUrl?.startsWith('https://') ? { maxAge: 31536000 } : false,
  });
  await app.register(rateLimit, { global: false });
  await installOpenApi(app, deps);

  const auth = createAuthService(deps);
  installAuth(app, deps, auth);

  await app.register(async (api) => {
    healthRoutes(api, deps);
    authRoutes(api, deps, auth);
    branchRoutes(api, createBranchService(deps));
    catalogRoutes(api, createCatalogService(deps));
  });

  await installWeb(app, deps.config.webDist);
  return app;
}
