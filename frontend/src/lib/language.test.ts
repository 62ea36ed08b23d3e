import { afterEach, describe, expect, it, vi } from 'vitest';
import enConsole from '../locales/en/console.json';
import enOrders from '../locales/en/orders.json';
import zhConsole from '../locales/zh-CN/console.json';

/** A fresh copy of the module (its first bundle is module state). */
const fresh = async () => {
  vi.resetModules();
  return import('./language');
};
/** What i18next's backend keeps of an answer: the module's default export, or the answer itself. */
const catalogue = (answer: unknown) => (answer as { default?: unknown }).default ?? answer;

afterEach(() => {
  vi.doUnmock('virtual:first-catalogues');
});

describe('loadCatalogue with the first page’s bundle', () => {
  it('answers the page’s and the shell’s catalogues from the bundle of the active language', async () => {
    const { loadCatalogue, startFirstCatalogues } = await fresh();
    const virtual = await import('virtual:first-catalogues');
    const load = vi.spyOn(virtual, 'loadFirstCatalogues');
    startFirstCatalogues('en', '/dashboard');
    expect(load.mock.calls).toEqual([['en', '/dashboard']]);
    const bundle = (await load.mock.results[0]!.value).default;
    expect(Object.keys(bundle)).toEqual(['common', 'errors', 'console', 'plans']);
    // The bundle's own object: no second load.
    expect(await loadCatalogue('en', 'console')).toBe(bundle.console);
    expect(catalogue(await loadCatalogue('en', 'console'))).toEqual(enConsole);
  });

  it('loads any other catalogue on its own: another namespace, or another language', async () => {
    const { loadCatalogue, startFirstCatalogues } = await fresh();
    startFirstCatalogues('en', '/dashboard');
    expect(catalogue(await loadCatalogue('en', 'orders'))).toEqual(enOrders);
    expect(catalogue(await loadCatalogue('zh-CN', 'console'))).toEqual(zhConsole);
  });

  it('loads each catalogue on its own when the bundle fails to arrive', async () => {
    vi.doMock('virtual:first-catalogues', () => ({
      loadFirstCatalogues: () =>
        Promise.reject(new Error('Failed to fetch dynamically imported module')),
    }));
    const { loadCatalogue, startFirstCatalogues } = await fresh();
    startFirstCatalogues('en', '/dashboard');
    expect(catalogue(await loadCatalogue('en', 'console'))).toEqual(enConsole);
  });
});
