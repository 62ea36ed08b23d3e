import { describe, expect, it } from 'vitest';
import { bundleModule, catalogueBundles, loaderModule } from './first-catalogues';

const pages = {
  '/': ['home'],
  '/dashboard': ['console', 'plans'],
  '/admin/vip-emails': ['adminVip', 'errors'],
};

describe('catalogueBundles', () => {
  it('one per language and page path, with the shell’s namespaces and the page’s own, and one with the shell’s alone', () => {
    const bundles = catalogueBundles(['en', 'zh-CN'], ['common', 'errors'], pages);
    expect(bundles.filter((b) => b.language === 'zh-CN')).toEqual([
      {
        name: 'catalogues-shell-zh-CN',
        language: 'zh-CN',
        path: null,
        namespaces: ['common', 'errors'],
      },
      {
        name: 'catalogues-home-zh-CN',
        language: 'zh-CN',
        path: '/',
        namespaces: ['common', 'errors', 'home'],
      },
      {
        name: 'catalogues-dashboard-zh-CN',
        language: 'zh-CN',
        path: '/dashboard',
        namespaces: ['common', 'errors', 'console', 'plans'],
      },
      // A namespace the shell already has is not copied twice.
      {
        name: 'catalogues-admin-vip-emails-zh-CN',
        language: 'zh-CN',
        path: '/admin/vip-emails',
        namespaces: ['common', 'errors', 'adminVip'],
      },
    ]);
    expect(bundles).toHaveLength(8);
    expect(new Set(bundles.map((b) => b.name)).size).toBe(8);
  });
});

describe('loaderModule', () => {
  it('imports the bundle of a language and page path, the shell’s for no page, nothing for another language', async () => {
    const code = loaderModule(catalogueBundles(['en'], ['common'], pages));
    const imported: string[] = [];
    const { loadFirstCatalogues } = new Function(
      'load',
      `${code.replace(/import\(/g, 'load(').replace('export function', 'function')}; return { loadFirstCatalogues };`,
    )((id: string) => {
      imported.push(id);
      return Promise.resolve(id);
    }) as { loadFirstCatalogues: (language: string, path?: string) => Promise<string> | undefined };
    expect(await loadFirstCatalogues('en', '/dashboard')).toBe(
      'virtual:first-catalogues/catalogues-dashboard-en',
    );
    expect(await loadFirstCatalogues('en', undefined)).toBe(
      'virtual:first-catalogues/catalogues-shell-en',
    );
    expect(loadFirstCatalogues('zh-CN', '/dashboard')).toBeUndefined();
    expect(loadFirstCatalogues('en', '/nowhere')).toBeUndefined();
    expect(imported).toHaveLength(2);
  });
});

describe('bundleModule', () => {
  it('exports each namespace’s catalogue as its file says', () => {
    const files: Record<string, string> = {
      common: '{ "nav": { "home": "Home" } }',
      console: '{"title": "Console \\"1\\" </script>"}',
    };
    const code = bundleModule(['common', 'console'], (ns) => files[ns]!);
    expect(code.startsWith('export default ')).toBe(true);
    expect(JSON.parse(code.slice('export default '.length, -1))).toEqual({
      common: { nav: { home: 'Home' } },
      console: { title: 'Console "1" </script>' },
    });
  });

  it('fails the build on a catalogue that is not JSON', () => {
    expect(() => bundleModule(['common'], () => '{ nope')).toThrow();
  });
});
