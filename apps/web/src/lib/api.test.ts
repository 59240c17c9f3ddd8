import { describe, expect, it, vi } from 'vitest';
import { authContract } from '@antrean/shared/contracts/auth.contract';
import { catalogContract } from '@antrean/shared/contracts/catalog.contract';
import { changeLanguage } from './i18n';
import { api, ApiError } from './api';
import { errorBody, mockApi } from '@/test/render';

describe('api client', () => {
  it('fills path params, sends the UI language and the session cookie, and types the answer', async () => {
    const { requests } = mockApi([{ path: '/api/v1/branches/b%2F1/counters', body: { items: [] } }]);
    await changeLanguage('en');
    const data = await api.call(catalogContract.branchCounters, { params: { branchId: 'b/1' } });
    expect(data.items).toEqual([]);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      url: '/api/v1/branches/b%2F1/counters',
      credentials: 'same-origin',
      headers: { 'accept-language': 'en', accept: 'application/json' },
    });
    expect(requests[0]?.headers['content-type']).toBeUndefined();
  });

  it('throws a typed ApiError from the error envelope', async () => {
    mockApi([
      {
        method: 'POST',
        path: '/api/v1/auth/login',
        status: 400,
        body: errorBody('VALIDATION_FAILED', 'Data yang dikirim tidak valid.', {
          fields: { username: 'Wajib diisi.' },
        }),
      },
    ]);
    const error = await api
      .call(authContract.login, { body: { username: '', password: 'x' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: { username: 'Wajib diisi.' },
    });
  });

  it('answers 204 with null and sends no body when the contract has none', async () => {
    const { requests } = mockApi([{ method: 'POST', path: '/api/v1/auth/logout', status: 204 }]);
    await expect(api.call(authContract.logout)).resolves.toBeNull();
    expect(requests[0]?.body).toBeUndefined();
  });

  it('maps network failures and non-envelope answers to client codes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.call(authContract.me)).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 }))),
    );
    await expect(api.call(authContract.me)).rejects.toMatchObject({
      status: 502,
      code: 'SERVICE_UNAVAILABLE',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<html>oops</html>', { status: 500 }))),
    );
    await expect(api.call(authContract.me)).rejects.toMatchObject({
      status: 500,
      code: 'UNEXPECTED_RESPONSE',
    });
  });
});
