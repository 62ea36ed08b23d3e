import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../api-client';
import { api } from './client';
import type { BindResult, LicenseList } from './types';

describe('api (the typed client)', () => {
  it('sends cookies and JSON to the same origin, with the path parameters encoded', async () => {
    const { calls } = mockFetch(() => jsonResponse({ action: 'bound' }));
    const answer: BindResult = await api.POST('/api/apitokens/licenses/{id}/bind', {
      params: { path: { id: 'lic 1/2' } },
      body: { websiteUrl: 'https://example.com' },
    });
    expect(answer).toEqual({ action: 'bound' });
    expect(calls[0]!.url).toBe('/api/apitokens/licenses/lic%201%2F2/bind');
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.body).toEqual({ websiteUrl: 'https://example.com' });
    expect(calls[0]!.init.credentials).toBe('include');
    const headers = new Headers(calls[0]!.init.headers);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('leaves empty query values out, and sends no body or Content-Type without one', async () => {
    const { calls } = mockFetch(() => jsonResponse({ items: [] }));
    await api.GET('/api/admin/audit', {
      params: { query: { page: 2, action: '', actor: 'a b' } },
    });
    expect(calls[0]!.url).toBe('/api/admin/audit?page=2&actor=a+b');
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.body).toBeUndefined();
    expect(new Headers(calls[0]!.init.headers).get('Content-Type')).toBeNull();
  });

  it('passes the abort signal', async () => {
    const { calls } = mockFetch(() => jsonResponse({ licenses: [] }));
    const controller = new AbortController();
    const list: LicenseList = await api.GET('/api/apitokens/licenses', {
      signal: controller.signal,
    });
    expect(list).toEqual({ licenses: [] });
    expect(calls[0]!.init.signal).toBe(controller.signal);
  });

  it('answers null for an empty answer, and the text for one that is not JSON', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(
      api.DELETE('/api/quiz/admin/questions/{id}', { params: { path: { id: 'q' } } }),
    ).resolves.toBeNull();
    mockFetch(() => new Response('ok', { status: 200, headers: { 'Content-Type': 'text/plain' } }));
    await expect(api.GET('/api/health')).resolves.toBe('ok');
  });

  it("throws the server's message with the status and its body", async () => {
    const body = { statusCode: 403, error: 'Role required', message: 'Role required' };
    mockFetch(() => jsonResponse(body, 403));
    const error = await api.GET('/api/admin/audit').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'Role required', body });
  });

  it('falls back to the error field, then to the status text', async () => {
    mockFetch(() => jsonResponse({ error: '请求失败' }, 400));
    await expect(api.GET('/api/plans')).rejects.toMatchObject({ status: 400, message: '请求失败' });
    mockFetch(
      () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(api.GET('/api/plans')).rejects.toMatchObject({
      status: 502,
      message: 'Bad Gateway',
    });
    mockFetch(() => new Response(null, { status: 500 }));
    await expect(api.GET('/api/plans')).rejects.toMatchObject({
      status: 500,
      message: GENERIC_ERROR_MESSAGE,
      body: null,
    });
  });

  it('turns a network failure into the generic error, and keeps cancellations as AbortError', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.GET('/api/plans')).rejects.toMatchObject({
      status: 0,
      message: GENERIC_ERROR_MESSAGE,
    });
    mockFetch(() => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(api.GET('/api/plans')).rejects.toHaveProperty('name', 'AbortError');
  });
});
