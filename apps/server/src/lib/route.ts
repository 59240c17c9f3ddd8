import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Action } from '@antrean/shared/auth/permissions';
import type { Contract, ContractResponse } from '@antrean/shared/contracts/contract';
import { ErrorEnvelopeSchema } from '@antrean/shared/errors/envelope';
import type { Language } from '@antrean/shared/i18n/lang';
import type { Actor } from './actor';

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
  /** Per-route rate limit (requests per minute per client), on top of the global one. */
  rateLimitPerMinute?: number;
  /** Hide from the OpenAPI document (internal endpoints). */
  hidden?: boolean;
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
      ...(options.rateLimitPerMinute ? { rateLimit: { max: options.rateLimitPerMinute, timeWindow: 60_000 } } : {}),
    },
    handler: async (request, reply) => {
      const result = await handler({
        actor: request.actor,
        params: request.params as Infer<C['params']>,
        query: request.query as Infer<C['query']>,
        body: request.body as Infer<C['body']>,
        lang: request.lang,
        request,
        reply,
      });
      // A handler that streamed its own answer (file downloads) has already sent it.
      if (reply.sent || (result as unknown) === reply) return reply;
      if (successStatus === 204) return reply.code(204).send();
      return reply.code(successStatus).send(result);
    },
  });
}
