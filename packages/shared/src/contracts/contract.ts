import type { z } from 'zod';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint: the server registers it (validation + OpenAPI), the web client calls it with
 * the same types. Paths use Fastify's `:param` syntax.
 */
export interface Contract {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: readonly string[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success responses by status; errors always use the shared envelope. */
  responses: Partial<Record<200 | 201 | 202 | 204, z.ZodType>>;
}

export function defineContract<const C extends Contract>(contract: C): C {
  return contract;
}

type InferOr<T, Fallback> = T extends z.ZodType ? z.infer<T> : Fallback;
export type ContractBody<C extends Contract> = InferOr<C['body'], undefined>;
export type ContractResponse<C extends Contract> =
  C['responses'] extends Record<infer _S, infer R> ? (R extends z.ZodType ? z.infer<R> : never) : never;

/** Fills `:params` into a contract path. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
