import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Deps } from '../lib/deps';

/**
 * OpenAPI generated from the route schemas: UI at /api/docs, document at /api/docs/json. With
 * `API_DOCS=off` neither is served (the schemas still describe and validate every route).
 */
export async function installOpenApi(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Antrean API',
        version: deps.config.version,
        description:
          'Multi-tenant queue management. Errors use {"error":{"code","message","details"}}; messages follow Accept-Language (id, en).',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'antrean_session' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
          kiosk: { type: 'apiKey', in: 'header', name: 'X-Kiosk-Code' },
          display: { type: 'apiKey', in: 'header', name: 'X-Display-Code' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  if (!deps.config.apiDocs) return;
  await app.register(async (docs) => {
    // Third-party routes: declare them public so the route-table test sees a declaration.
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), auth: 'public' };
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
}
