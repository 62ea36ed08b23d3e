import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch';
import { ApiError, apiClient, GENERIC_ERROR_MESSAGE } from './api-client';

describe('apiClient', () => {
  it('sends cookies and JSON, and returns the parsed answer', async () => {
    const { calls } = mockFetch(() => jsonResponse({ ok: 1 }));
    await expect(
      apiClient.post('/api/things', { a: 1 }, { query: { page: 2, q: '' } }),
    ).resolves.toEqual({ ok: 1 });
    expect(calls[0]!.url).toBe('/api/things?page=2');
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.body).toEqual({ a: 1 });
    expect(calls[0]!.init.credentials).toBe('include');
    expect(new Headers(calls[0]!.init.headers).get('Content-Type')).toBe('application/json');
  });

  it('returns null for an empty answer', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(apiClient.delete('/api/things/1')).resolves.toBeNull();
  });

  it("throws the server's message with the status", async () => {
    mockFetch(() =>
      jsonResponse(
        { statusCode: 403, error: 'Admin access required', message: 'Admin access required' },
        403,
      ),
    );
    const error = await apiClient.get('/api/admin').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'Admin access required' });
  });

  it('falls back to the error field, then to the status text', async () => {
    mockFetch(() => jsonResponse({ error: '请求失败' }, 400));
    await expect(apiClient.get('/x')).rejects.toMatchObject({ status: 400, message: '请求失败' });
    mockFetch(
      () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(apiClient.get('/x')).rejects.toMatchObject({
      status: 502,
      message: 'Bad Gateway',
    });
  });

  it('turns a network failure into the generic error', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiClient.get('/x')).rejects.toMatchObject({
      status: 0,
      message: GENERIC_ERROR_MESSAGE,
    });
  });

  it('keeps cancellations as AbortError', async () => {
    mockFetch(() => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(apiClient.get('/x')).rejects.toHaveProperty('name', 'AbortError');
  });
});
