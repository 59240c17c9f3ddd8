import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { z } from 'zod';
import type { Action } from '@antrean/shared/auth/permissions';
import type { Contract, ContractResponse } from '@antrean/shared/contracts/contract';
import { ErrorEnvelopeSchema } from '@antrean/shared/errors/envelope';
import type { Language } from '@antrean/shared/i18n/lang';
import type { Actor } from './actor';
import { AppError } from './errors';

/**
 * Every route declares who may call it. `public` is explicit too; a test walks the route table
 * and fails on any route without a declaration.
 */
export type RouteAuth =
  | 'public'
  | {
      /** A signed-in staff member holding this permission ('any' = any staff role). */
      staff?: Action | 'any';
      /** A kiosk of the tenant, by its code (header X-Kiosk-Code). */
      kiosk?: boolean;
      /** A display of the tenant, by its code (header X-Display-Code). */
      display?: boolean;
      /** A branch integration, by the branch API key (header X-Api-Key). */
      apiKey?: boolean;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    actor: Actor;
    lang: Language;
  }
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

export interface HandlerContext<C extends Contract> {
  actor: Actor;
  params: Infer<C['params']>;
  query: Infer<C['query']>;
  body: Infer<C['body']>;
  lang: Language;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  auth: RouteAuth;
  /**
   * Per-route rate limit, requests per minute per client: per kiosk for requests a kiosk code
   * authenticated (kiosks behind one NAT address do not share it), per client address otherwise.
   * Kiosk requests are also capped per address, at KIOSK_ADDRESS_FACTOR times this.
   */
  rateLimitPerMinute?: number;
  /** Hide from the OpenAPI document (internal endpoints). */
  hidden?: boolean;
}

/**
 * How many times a route's per-kiosk limit all the kiosks behind one client address may use
 * together (a branch router or a bank's central internet breakout): generous, since each kiosk
 * has its own budget; it bounds one address cycling through many kiosk codes.
 */
export const KIOSK_ADDRESS_FACTOR = 10;

/**
 * The client a route's limit counts. The auth hook (an instance hook) has run before the route's
 * rate-limit hook, so `actor` is known: a kiosk is counted by its device id — a code that really
 * authenticated, so unknown codes cannot mint fresh budgets — everyone else by address (the
 * plugin's default key: the address, IPv6 by /64).
 */
function rateLimitKey(request: FastifyRequest): string {
  const actor = request.actor;
  return actor.kind === 'kiosk' ? `kiosk:${actor.deviceId}` : normalizeIP(request.ip);
}

/** The per-address cap on kiosk requests of a route (its own counters, separate from the route's). */
function kioskAddressLimit(app: FastifyInstance, max: number): onRequestAsyncHookHandler {
  const limit = app.createRateLimit({ max, timeWindow: 60_000 });
  return async (request) => {
    if (request.actor.kind !== 'kiosk') return;
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = String(result.ttlInSeconds);
    throw new AppError(
      'RATE_LIMITED',
      { retryAfterSeconds: result.ttlInSeconds },
      { 'retry-after': seconds },
    );
  };
}

/** Registers a contract: validation, response schema, OpenAPI entry and the auth declaration. */
export function defineRoute<C extends Contract>(
  app: FastifyInstance,
  contract: C,
  options: RouteOptions,
  handler: (ctx: HandlerContext<C>) => Promise<ContractResponse<C>>,
): void {
  const statuses = Object.keys(contract.responses).map(Number);
  const successStatus = statuses[0] ?? 200;
  const response: Record<string, z.ZodType> = { '4xx': ErrorEnvelopeSchema, '5xx': ErrorEnvelopeSchema };
  for (const [status, schema] of Object.entries(contract.responses)) {
    if (status !== '204') response[status] = schema;
  }
  const perMinute = options.rateLimitPerMinute;
  const kioskLimited = !!perMinute && options.auth !== 'public' && options.auth.kiosk === true;
  app.route({
    method: contract.method,
    url: contract.path,
    schema: {
      summary: contract.summary,
      tags: [...contract.tags],
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response,
      ...(options.hidden ? { hide: true } : {}),
    },
    config: {
      auth: options.auth,
      ...(perMinute
        ? {
            rateLimit: {
              max: perMinute,
              timeWindow: 60_000,
              ...(kioskLimited ? { keyGenerator: rateLimitKey } : {}),
            },
          }
        : {}),
    },
    // Runs after the auth hook, before the route's own (per-kiosk) limit that the plugin appends.
    ...(kioskLimited ? { onRequest: [kioskAddressLimit(app, perMinute * KIOSK_ADDRESS_FACTOR)] } : {}),
    handler: async (request, reply) => {
      const result = await handler({
        actor: request.actor,
        params: validated<C['params']>(request.params),
        query: validated<C['query']>(request.query),
        body: validated<C['body']>(request.body),
        lang: request.lang,
        request,
        reply,
      });
      // A handler that streamed its own answer (file downloads) has already sent it.
      if (reply.sent || Object.is(result, reply)) return reply;
      if (successStatus === 204) return reply.code(204).send();
      return reply.code(successStatus).send(result);
    },
  });
}

/**
 * A request part as the contract's schema made it. Fastify ran the schema (plugins/zod.ts, with
 * its transforms) before the handler and replaced the part with the parsed value, so the type is
 * known here even though Fastify's own typing says `unknown`.
 */
function validated<S extends z.ZodType | undefined>(value: unknown): Infer<S> {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- parsed by the validator compiler above
  return value as Infer<S>;
}
