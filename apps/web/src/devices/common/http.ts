import { isErrorCode, type ErrorCode } from '@antrean/shared/errors/codes';
import { getLanguage } from './i18n';

/** A failed call: the server's error code and its already-localized message. */
export class DeviceHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK_ERROR',
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DeviceHttpError';
  }
}

export interface DeviceFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Checks a decoded response body (`undefined` for 204). The device app loads no zod, so these are
 * small hand-written type guards; the server already validates what it sends against the contract.
 */
export type BodyGuard<T> = (body: unknown) => body is T;

/** For endpoints answering 204 No Content. */
export function isNoContent(body: unknown): body is undefined {
  return body === undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The server's `{"error":{"code","message","details"}}`, read field by field. */
function errorOf(body: unknown): {
  code: ErrorCode | undefined;
  message: string | undefined;
  details: unknown;
} {
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  return {
    code: isErrorCode(error.code) ? error.code : undefined,
    message: typeof error.message === 'string' ? error.message : undefined,
    details: error.details,
  };
}

/** JSON, or undefined for an empty or non-JSON body (a proxy's HTML error page when the server is down). */
function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    const body: unknown = JSON.parse(text);
    return body;
  } catch {
    return undefined;
  }
}

/**
 * The server refused a device code: unknown, or the device is disabled (401 from the auth hook,
 * 404 from a lookup). Retrying cannot help; the admin has to give the right code or enable it.
 */
export function isUnknownDevice(error: unknown): boolean {
  return error instanceof DeviceHttpError && (error.status === 401 || error.status === 404);
}

/**
 * fetch for the device screens: JSON in/out, the UI language, the error envelope decoded. The body
 * is handed back once `init.accept` recognises it; otherwise the call fails like a server error.
 */
export async function deviceFetch<T>(
  path: string,
  init: DeviceFetchInit & { accept: BodyGuard<T> },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'accept-language': getLanguage(),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch (error) {
    throw new DeviceHttpError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'network error');
  }
  const text = response.status === 204 ? '' : await response.text();
  const body = parseBody(text);
  if (!response.ok) {
    const error = errorOf(body);
    throw new DeviceHttpError(
      response.status,
      error.code ?? 'INTERNAL_ERROR',
      error.message ?? response.statusText,
      error.details,
    );
  }
  if (!init.accept(body)) {
    throw new DeviceHttpError(response.status, 'INTERNAL_ERROR', 'unexpected response', body);
  }
  return body;
}
