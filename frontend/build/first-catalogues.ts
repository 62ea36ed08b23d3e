/**
 * The first page's catalogues in one request, in the active language only (docs/decisions.md, "Fewer
 * requests before the first paint").
 *
 * Each catalogue (src/locales/<language>/<namespace>.json) is its own chunk, which the app loads when a
 * page or a language switch needs it. A first load needs several at once, the shell's two and the page's
 * own, and on a phone line each request costs a round trip on one of the browser's six connections. So the
 * build also writes one bundle per language and page path, holding a copy of exactly the catalogues that
 * page's first render needs in that language (locales/namespaces.ts), and one with the shell's alone for
 * an address no page has. The module `virtual:first-catalogues` loads the right one
 * (`loadFirstCatalogues(language, path)`); lib/language.ts answers i18next from it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export const FIRST_CATALOGUES = 'virtual:first-catalogues';
const RESOLVED = `\0${FIRST_CATALOGUES}`;

/**
 * One bundle: a language, the page path it serves (null: an address no page has), its namespaces, and
 * its name (`catalogues-<page>-<language>`, the chunk's file name).
 */
export interface CatalogueBundle {
  name: string;
  language: string;
  path: string | null;
  namespaces: readonly string[];
}

/** `/admin/customers/:userId` → `admin-customers-userId`; `/` → `home`; no page → `shell`. */
const pageName = (path: string | null) =>
  path === null
    ? 'shell'
    : path === '/'
      ? 'home'
      : path.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Every bundle: per language, one per page path and one with the shell's namespaces alone. */
export function catalogueBundles(
  languages: readonly string[],
  shell: readonly string[],
  pages: Readonly<Record<string, readonly string[]>>,
): CatalogueBundle[] {
  const bundle = (language: string, path: string | null, namespaces: readonly string[]) => ({
    name: `catalogues-${pageName(path)}-${language}`,
    language,
    path,
    namespaces: [...new Set(namespaces)],
  });
  return languages.flatMap((language) => [
    bundle(language, null, shell),
    ...Object.entries(pages).map(([path, own]) => bundle(language, path, [...shell, ...own])),
  ]);
}

/** The loader module: the bundle for a language and page path, undefined for a language it lacks. */
export function loaderModule(bundles: readonly CatalogueBundle[]): string {
  const key = (language: string, path: string | null) =>
    JSON.stringify(`${language} ${path ?? ''}`);
  const cases = bundles.map(
    (bundle) =>
      `    case ${key(bundle.language, bundle.path)}: return import(${JSON.stringify(`${FIRST_CATALOGUES}/${bundle.name}`)});`,
  );
  return [
    'export function loadFirstCatalogues(language, path) {',
    '  switch (`${language} ${path ?? ""}`) {',
    ...cases,
    '    default: return undefined;',
    '  }',
    '}',
  ].join('\n');
}

/** One bundle's module: its catalogues by namespace, each read as the JSON file says. */
export function bundleModule(
  namespaces: readonly string[],
  read: (namespace: string) => string,
): string {
  const entries = namespaces.map(
    (ns) => `${JSON.stringify(ns)}: ${JSON.stringify(JSON.parse(read(ns)))}`,
  );
  return `export default {${entries.join(', ')}};`;
}

/** The plugin: `virtual:first-catalogues` and its bundles, read from `localesDir`. */
export function firstCatalogues(options: {
  localesDir: string;
  languages: readonly string[];
  shell: readonly string[];
  pages: Readonly<Record<string, readonly string[]>>;
}): Plugin {
  const bundles = catalogueBundles(options.languages, options.shell, options.pages);
  const byName = new Map(bundles.map((bundle) => [bundle.name, bundle]));
  return {
    name: 'seatkeeper:first-catalogues',
    resolveId(source) {
      if (source === FIRST_CATALOGUES || source.startsWith(`${FIRST_CATALOGUES}/`))
        return `\0${source}`;
      return undefined;
    },
    load(id) {
      if (id === RESOLVED) return loaderModule(bundles);
      if (!id.startsWith(`${RESOLVED}/`)) return undefined;
      const bundle = byName.get(id.slice(RESOLVED.length + 1));
      if (!bundle) throw new Error(`no catalogue bundle ${id}`);
      return bundleModule(bundle.namespaces, (namespace) => {
        const file = join(options.localesDir, bundle.language, `${namespace}.json`);
        this.addWatchFile(file);
        return readFileSync(file, 'utf8');
      });
    },
  };
}
