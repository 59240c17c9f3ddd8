import type { ErrorCode } from '@antrean/shared/errors/codes';
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

/** fetch for the device screens: JSON in/out, the UI language, the error envelope decoded. */
export async function deviceFetch<T>(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; signal?: AbortSignal } = {},
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
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const envelope = body as { error?: { code?: ErrorCode; message?: string; details?: unknown } } | undefined;
    throw new DeviceHttpError(
      response.status,
      envelope?.error?.code ?? 'INTERNAL_ERROR',
      envelope?.error?.message ?? response.statusText,
      envelope?.error?.details,
    );
  }
  return body as T;
}
