import { waitFor } from '@testing-library/react';
import { docsSectionQueryKey } from '../features/docs/api/get-docs-section';
import { tokenQueryKey } from '../features/tokens/api/get-token';
import { appConfig } from '../lib/config';
import { jsonResponse, mockFetch } from '../test/fetch';
import { createTestQueryClient } from '../test/render';
import { makeSession } from '../test/session';
import { startFirstData } from './first-data';
import { pagePathFor } from './pages';
import { licensesQueryKey } from '../lib/api/query-keys';

/** The API as the first page sees it: the session (or none) and an answer to every other call. */
function api(session: ReturnType<typeof makeSession> | null) {
  return mockFetch(({ url }) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/auth/get-session') return jsonResponse(session);
    if (path === '/api/apitokens/token') return jsonResponse({ token: 'code-1' });
    if (path === '/api/apitokens/licenses') return jsonResponse({ licenses: [], summary: {} });
    if (path === '/api/apitokens/licenses/initialize-vip')
      return jsonResponse({ isVipEligible: false });
    if (path === '/api/plans') return jsonResponse({ plans: [] });
    return jsonResponse({ slug: 'x', lang: 'en', markdown: '# x' });
  });
}

const start = (pathname: string, language: 'en' | 'zh-CN' = 'en') => {
  const client = createTestQueryClient();
  startFirstData(client, pagePathFor(pathname), pathname, language);
  return client;
};
const paths = (calls: { url: string; method: string }[]) =>
  calls.map(({ url, method }) => {
    const u = new URL(url, 'http://localhost');
    return `${method} ${u.pathname}${u.search}`;
  });

describe('the first page’s API calls, started with its code', () => {
  // The VIP call is the page's own, once its blocks are shown (use-dashboard-loader.ts).
  it('a signed-in console: the session, then the code, the seats and the plans, cached for the page', async () => {
    const { calls } = api(makeSession());
    const client = start('/dashboard');
    await waitFor(() => expect(calls).toHaveLength(4));
    expect(paths(calls).sort()).toEqual(
      [
        'GET /api/auth/get-session',
        'GET /api/apitokens/token',
        'GET /api/apitokens/licenses',
        'GET /api/plans',
      ].sort(),
    );
    await waitFor(() => expect(client.getQueryData(licensesQueryKey)).toBeDefined());
    expect(client.getQueryData(tokenQueryKey)).toEqual({ token: 'code-1' });
  });

  it('a console page that came with a session cookie asks for its data at once, not after the session', async () => {
    const { calls } = api(makeSession());
    appConfig.sessionCookie = true;
    try {
      const client = start('/dashboard');
      // Sent before any answer: none of them waits for the session (main.tsx asks for it on its own).
      expect(paths(calls).sort()).toEqual(
        ['GET /api/apitokens/token', 'GET /api/apitokens/licenses', 'GET /api/plans'].sort(),
      );
      await waitFor(() => expect(client.getQueryData(tokenQueryKey)).toEqual({ token: 'code-1' }));
    } finally {
      delete appConfig.sessionCookie;
    }
  });

  it('a signed-out visitor on the console asks for the session only', async () => {
    const { calls } = api(null);
    start('/dashboard');
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(paths(calls)).toEqual(['GET /api/auth/get-session']);
  });

  it('the docs: the section in the address, in the language shown; /docs is the introduction', async () => {
    const { calls } = api(null);
    const client = start('/docs/installation/', 'zh-CN');
    start('/docs');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(paths(calls)).toEqual([
      'GET /api/docs-sections/installation?lang=zh-CN',
      'GET /api/docs-sections/introduction?lang=en',
    ]);
    await waitFor(() =>
      expect(client.getQueryData(docsSectionQueryKey('installation', 'zh-CN'))).toBeDefined(),
    );
  });

  it('an unknown docs section, and pages with nothing to fetch first, ask for nothing', async () => {
    const { calls } = api(makeSession());
    for (const pathname of ['/docs/no-such-section', '/', '/pricing', '/login', '/nowhere'])
      start(pathname);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });
});
