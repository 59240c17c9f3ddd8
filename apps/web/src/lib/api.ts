import type { z } from 'zod';
import {
  buildPath,
  type Contract,
  type ContractBody,
  type ContractResponse,
} from '@antrean/shared/contracts/contract';
import { isErrorCode, type ErrorCode } from '@antrean/shared/errors/codes';
import type { ClientErrorCode } from './i18n-resources';
import { currentLanguage } from './i18n';

/** A code the UI can show: one of the server's, or one the client raises itself. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/**
 * A failed API call, typed from the server's error envelope
 * `{"error":{"code","message","details":{"fields":{…}}}}`. `message` is the server's text (already
 * in the request's language); screens show `t(\`errors.${code}\`)` instead so it follows the UI.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  /** Field errors by dotted path (`schedules.0.startTime`), already localized by the server. */
  readonly fields: Readonly<Record<string, string>>;
  readonly details: unknown;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
    message: string;
    fields?: Record<string, string>;
    details?: unknown;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.details = init.details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type InputOf<T> = T extends z.ZodType ? z.input<T> : never;

/** What `api.call` needs besides the contract: exactly the parts the contract declares. */
type CallInput<C extends Contract> = (C['params'] extends z.ZodType
  ? { params: InputOf<C['params']> }
  : { params?: never }) &
  (C['query'] extends z.ZodType ? { query?: InputOf<C['query']> } : { query?: never }) &
  (C['body'] extends z.ZodType ? { body: ContractBody<C> } : { body?: never }) & {
    signal?: AbortSignal;
    /** Sent as `Idempotency-Key`: a retry of the same attempt is answered once (issuing tickets). */
    idempotencyKey?: string;
    /** A multipart body (uploads); the browser sets its content type and boundary. */
    form?: FormData;
  };

type CallArgs<C extends Contract> = C['params'] extends z.ZodType
  ? [input: CallInput<C>]
  : C['body'] extends z.ZodType
    ? [input: CallInput<C>]
    : [input?: CallInput<C>];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toStringRecord(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(value)) return out;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') {
      out[key] = String(item);
    }
  }
  return out;
}

function queryString(query: unknown): string {
  if (!isRecord(query)) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      if (item instanceof Date) {
        search.append(key, item.toISOString());
      } else if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') {
        search.append(key, String(item));
      }
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}

/** Turns a non-2xx answer into an ApiError, tolerating proxies that answer with HTML. */
function toApiError(status: number, body: unknown): ApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const code = error?.code;
  if (error && isErrorCode(code)) {
    const details = error.details;
    return new ApiError({
      status,
      code,
      message: typeof error.message === 'string' ? error.message : code,
      fields: isRecord(details) ? toStringRecord(details.fields) : {},
      details,
    });
  }
  if (status === 502 || status === 503 || status === 504) {
    return new ApiError({ status, code: 'SERVICE_UNAVAILABLE', message: `HTTP ${String(status)}` });
  }
  return new ApiError({ status, code: 'UNEXPECTED_RESPONSE', message: `HTTP ${String(status)}` });
}

/**
 * Calls one endpoint described by a shared contract: fills the `:params` into the path, adds the
 * query string, sends the body as JSON, the UI language as `Accept-Language` and the session
 * cookie (same origin). Resolves with the typed response; rejects with an ApiError.
 */
async function call<C extends Contract>(contract: C, ...args: CallArgs<C>): Promise<ContractResponse<C>> {
  const [input] = args;
  const params = toStringRecord(input?.params);
  const url = `${buildPath(contract.path, params)}${queryString(input?.query)}`;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  if (input?.idempotencyKey) headers['Idempotency-Key'] = input.idempotencyKey;
  const init: RequestInit = { method: contract.method, headers, credentials: 'same-origin' };
  if (input?.signal) init.signal = input.signal;
  if (input && 'body' in input && input.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(input.body);
  } else if (input?.form) {
    init.body = input.form;
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error', details: cause });
  }

  const body = await readJson(response);
  if (!response.ok) throw toApiError(response.status, body);
  if (body === undefined) {
    throw new ApiError({ status: response.status, code: 'UNEXPECTED_RESPONSE', message: 'Invalid JSON' });
  }
  // The server validates every response against the same contract; checking it here too is what
  // lets the body be typed as the contract's response (and turns a drifted server into an ApiError).
  if (!matchesContract(contract, body)) {
    throw new ApiError({
      status: response.status,
      code: 'UNEXPECTED_RESPONSE',
      message: 'Unexpected response',
    });
  }
  return body;
}

/**
 * `ContractResponse<C>` is the union of the contract's success responses, so a body that one of
 * their schemas accepts is one of them. Only checked: the body is returned as received.
 */
function matchesContract<C extends Contract>(contract: C, body: unknown): body is ContractResponse<C> {
  return Object.values(contract.responses).some((schema) => schema.safeParse(body).success);
}

/**
 * Sends a multipart upload to one endpoint with XMLHttpRequest, whose upload progress `fetch`
 * cannot report: `onProgress` gets the fraction sent (0–1). Same path, language, cookie, errors
 * and response check as `call`.
 */
function upload<C extends Contract>(
  contract: C,
  input: {
    query?: C['query'] extends z.ZodType ? InputOf<C['query']> : never;
    form: FormData;
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
  },
): Promise<ContractResponse<C>> {
  const url = `${buildPath(contract.path, {})}${queryString(input.query)}`;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(contract.method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) input.onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let body: unknown;
      try {
        body = xhr.responseText === '' ? undefined : JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(toApiError(xhr.status, body));
      } else if (body === undefined || !matchesContract(contract, body)) {
        reject(
          new ApiError({ status: xhr.status, code: 'UNEXPECTED_RESPONSE', message: 'Unexpected response' }),
        );
      } else {
        resolve(body);
      }
    });
    xhr.addEventListener('error', () => {
      reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error' }));
    });
    xhr.addEventListener('abort', () => {
      reject(new DOMException('Upload aborted', 'AbortError'));
    });
    input.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(input.form);
  });
}

export const api = { call, upload };
