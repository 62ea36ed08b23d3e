import { matchRoutes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '../test/render';
import { startFirstLoad } from './first-load';
import { pageNamespaces, pagePathFor, preload, type PagePath } from './pages';
import { routes } from './router';

/** The page the router shows for a URL (the deepest route with a page path as its id). */
function routerPage(pathname: string): string | undefined {
  const ids = (matchRoutes(routes, pathname) ?? []).map((match) => match.route.id);
  return ids.reverse().find((id) => id !== undefined && id in preload);
}

/** A URL for each page path, with sample values for its parameters. */
const sampleUrl = (path: string) => path.replace(/:[^/]+/g, 'abc-123');

describe('the pages, as the first script sees them', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(Object.keys(preload))('finds %s where the router does', (path) => {
    for (const url of [sampleUrl(path), `${sampleUrl(path)}/`])
      expect([url, pagePathFor(url)]).toEqual([url, routerPage(url)]);
  });

  it('agrees with the router on docs sections and on paths no page has', () => {
    for (const url of [
      '/docs/installation',
      '/docs/installation/extra',
      '/nowhere',
      '/admin/nowhere',
      '/orders/1/2',
      '/admin/customers',
      '//',
    ])
      expect([url, pagePathFor(url)]).toEqual([url, routerPage(url)]);
  });

  // A page's namespaces are its own export (the router waits for those); the first script's copy only
  // fetches them early. Add a page's new namespace in pages.ts too.
  it('lists the catalogues of exactly the pages the router knows', () => {
    expect(Object.keys(pageNamespaces).sort()).toEqual(Object.keys(preload).sort());
  });

  it.each(Object.keys(preload) as PagePath[])(
    'knows the catalogues of %s before its code arrives',
    async (path) => {
      const page = await preload[path]();
      expect(pageNamespaces[path]).toEqual(page.namespaces ?? []);
    },
  );

  it("asks for the shell's and the page's catalogues in the detected language, and the page's code", async () => {
    const language = await import('../lib/language');
    const loadCatalogue = vi.spyOn(language, 'loadCatalogue');
    document.cookie = 'lang=zh-CN; Path=/';
    try {
      startFirstLoad('/pricing', createTestQueryClient());
    } finally {
      document.cookie = 'lang=; Path=/; Max-Age=0';
    }
    expect(loadCatalogue.mock.calls).toEqual([
      ['zh-CN', 'common'],
      ['zh-CN', 'errors'],
      ['zh-CN', 'pricing'],
    ]);
  });
});
