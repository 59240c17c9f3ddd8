import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isErrorCode, statusOf, type ErrorCode } from '@antrean/shared/errors/codes';
import { errorMessage } from '@antrean/shared/i18n/errors';
import { pickLanguage } from '@antrean/shared/i18n/lang';
import { isValidationKey, localizeIssues, validationMessage } from '@antrean/shared/i18n/validation';
import { AppError, RequestValidationError } from '../lib/errors';

function languageOf(request: FastifyRequest) {
  // `lang` is set by the auth hook; errors raised before it (bad JSON, unknown route) fall back.
  const lang: unknown = request.lang;
  return lang === 'id' || lang === 'en' ? lang : pickLanguage(request.headers['accept-language']);
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  details?: unknown,
): FastifyReply {
  const lang = languageOf(request);
  const body: { error: { code: ErrorCode; message: string; details?: unknown } } = {
    error: { code, message: errorMessage(code, lang) },
  };
  if (details !== undefined) body.error.details = localizeFieldKeys(details, lang);
  return reply.code(statusOf(code)).type('application/json; charset=utf-8').send(body);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A service names field errors by key (`{ fields: { name: 'COUNTER_NAME_TAKEN' } }` or a
 * validation key such as `v.enum`); the answer carries them in the request's language, so the
 * web form shows them on the field like any validation error.
 */
function localizeFieldKeys(details: unknown, lang: 'id' | 'en'): unknown {
  if (!isRecord(details) || !isRecord(details.fields)) return details;
  const fields: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(details.fields)) {
    if (isValidationKey(value)) fields[path] = validationMessage(value, lang);
    else if (isErrorCode(value)) fields[path] = errorMessage(value, lang);
    else fields[path] = value;
  }
  return { ...details, fields };
}

function mapFastifyError(error: FastifyError): { code: ErrorCode; details?: unknown } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'VALIDATION_FAILED', details: { fields: { _: 'v.json' } } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: 'UNSUPPORTED_MEDIA_TYPE' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'PAYLOAD_TOO_LARGE' };
    default:
      break;
  }
  if (error.statusCode === 429) return { code: 'RATE_LIMITED' };
  if (error.statusCode === 413) return { code: 'PAYLOAD_TOO_LARGE' };
  if (error.statusCode === 404) return { code: 'NOT_FOUND' };
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return { code: 'BAD_REQUEST' };
  }
  return undefined;
}

/** A multipart body the parser could not read (busboy's own errors carry no code nor status). */
function isMalformedMultipart(error: FastifyError, request: FastifyRequest): boolean {
  return (
    error.statusCode === undefined &&
    /^multipart\//i.test(request.headers['content-type'] ?? '') &&
    /multipart|boundary|part header|end of form/i.test(error.message)
  );
}

/** The client broke off or mangled its body (a bad chunk, a reset): its fault, not ours. */
function isClientStreamError(error: FastifyError): boolean {
  const code: unknown = error.code;
  if (typeof code !== 'string') return error.message === 'aborted';
  return (
    code === 'ECONNRESET' ||
    code === 'ECONNABORTED' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    code.startsWith('HPE_') ||
    error.message === 'aborted'
  );
}

/**
 * Fastify's router refusals, before any route: a path that does not decode (`%zz`) is
 * 400 BAD_REQUEST, a path parameter over `maxParamLength` (100) is 404 NOT_FOUND — no id of ours
 * is that long — both in the error envelope (issue 13 item 4).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void sendError(request, reply, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'NOT_FOUND' : 'BAD_REQUEST');
}

/** Renders every failure as `{"error":{"code","message","details"}}` in the request's language. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = languageOf(request);
    if (error instanceof AppError) {
      void reply.headers(error.headers);
      return sendError(request, reply, error.code, error.details);
    }
    if (error instanceof RequestValidationError) {
      return sendError(request, reply, 'VALIDATION_FAILED', {
        part: error.part,
        fields: localizeIssues(error.issues, lang, error.input),
      });
    }
    const mapped = mapFastifyError(error);
    if (mapped) {
      if (mapped.code === 'VALIDATION_FAILED') {
        return sendError(request, reply, mapped.code, { fields: { _: validationMessage('v.json', lang) } });
      }
      if (mapped.code === 'RATE_LIMITED' || mapped.code === 'AUTH_THROTTLED') {
        const retryAfter = reply.getHeader('retry-after');
        return sendError(
          request,
          reply,
          mapped.code,
          retryAfter ? { retryAfterSeconds: Number(retryAfter) } : undefined,
        );
      }
      return sendError(request, reply, mapped.code, mapped.details);
    }
    if (isMalformedMultipart(error, request)) {
      return sendError(request, reply, 'VALIDATION_FAILED', { fields: { file: 'v.format' } });
    }
    if (isClientStreamError(error)) {
      // Anyone can send these: one line at warn, no stack (it would let them flood the log).
      request.log.warn({ code: error.code, message: error.message }, 'malformed or broken request body');
      return sendError(request, reply, 'BAD_REQUEST');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 'INTERNAL_ERROR');
  });
}
