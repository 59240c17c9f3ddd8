import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { RequestValidationError } from '../lib/errors';

/**
 * Our own validator compiler: keeps zod's issues and the raw input so the error handler can
 * render localized field errors (fastify-type-provider-zod's flattens them to English text).
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues, data, httpPart ?? 'body') };
  };

export function installZod(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
