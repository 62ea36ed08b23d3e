import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The pages that load a part of Mantine's stylesheet rather than the whole of it (see shell.ts): every
 * Mantine component their code can render, including the components those are built from and the parts
 * they load later, has its styles in the sheets the page loads, in Mantine's own order. Read from the
 * sources: the static imports from a page's module, the Mantine components named in them, and Mantine's
 * own imports between its components.
 */
const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const mantine = resolve(src, '../../node_modules/@mantine/core');
const read = (file: string) => readFileSync(file, 'utf8');

type Imports = { static: string[]; dynamic: string[]; mantine: string[] };

function importsOf(file: string): Imports {
  const code = read(file).replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
  const statics = [
    ...code.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^;']*?\sfrom\s+)?'([^']+)'/gm),
  ].map((m) => m[1]!);
  const mantineNames = [
    ...code.matchAll(/^\s*import\s+\{([^}]*)\}\s+from\s+'@mantine\/core'/gm),
  ].flatMap((m) =>
    m[1]!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type ')),
  );
  return {
    static: statics,
    dynamic: [...code.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]!),
    mantine: mantineNames,
  };
}

function resolveLocal(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ending) => base + ending)
    .find((file) => existsSync(file) && !file.endsWith('/'));
}

/** Mantine's export name → its module, from the package's index. */
const mantineModules = new Map(
  [
    ...read(join(mantine, 'esm/index.mjs')).matchAll(
      /import \{([^}]*)\} from "\.\/(components\/[^"]+)"/g,
    ),
  ].flatMap((m) =>
    m[1]!.split(',').map((name) => [name.trim(), join(mantine, 'esm', m[2]!)] as const),
  ),
);

/** The Mantine component folders a module is built from (itself included), through Mantine's imports. */
function mantineComponents(module: string, seen = new Set<string>()): Set<string> {
  if (seen.has(module)) return seen;
  seen.add(module);
  for (const m of read(module).matchAll(/from "(\.[^"]+)"/g))
    mantineComponents(resolve(dirname(module), m[1]!), seen);
  return seen;
}
const componentFolder = (module: string) => /esm\/components\/([^/]+)\//.exec(module)?.[1];

/**
 * Parts of a compound component that our code never renders, which its module imports all the same:
 * the user menu has plain items (no checkbox, radio, search or sub-menu items, no overlay), and the
 * docs' NavLink draws Accordion's chevron, an icon without Accordion's classes.
 */
const notRendered: Record<string, string[]> = {
  Menu: ['Overlay', 'Checkbox', 'Radio', 'Input', 'Accordion'],
  NavLink: ['Accordion'],
  // The seat's domain dialogs (features/licenses DomainCell) are popovers without an overlay.
  Popover: ['Overlay'],
};

/** The Mantine stylesheets (by component) a graph of our modules needs, and where each is named. */
function neededSheets(roots: string[], skipDynamicFrom: string[] = []) {
  const needs = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const imports = importsOf(file);
    // The parts this module loads later, checked too unless they load the whole sheet themselves (below);
    // not the route table's pages, each checked on its own.
    const own = relative(src, file);
    const lazyParts =
      own.startsWith('styles/') || skipDynamicFrom.includes(own) ? [] : imports.dynamic;
    for (const specifier of [...imports.static, ...lazyParts]) {
      const next = resolveLocal(file, specifier);
      if (next && !loadsFullSheet(next)) visit(next);
    }
    for (const name of imports.mantine) {
      const module = mantineModules.get(name);
      if (!module) continue; // a hook or helper, not a component
      for (const part of mantineComponents(module)) {
        const folder = componentFolder(part);
        if (notRendered[name]?.includes(folder ?? '')) continue;
        if (folder && existsSync(join(mantine, `styles/${folder}.css`)) && !needs.has(folder))
          needs.set(folder, `${relative(src, file)} (${name})`);
      }
    }
  };
  roots.forEach((root) => visit(join(src, root)));
  return needs;
}

/** Whether a module (or what it imports statically) loads Mantine's whole sheet (full.ts). */
function loadsFullSheet(file: string, seen = new Set<string>()): boolean {
  if (file === join(src, 'styles/full.ts')) return true;
  if (seen.has(file)) return false;
  seen.add(file);
  return importsOf(file).static.some((specifier) => {
    const next = resolveLocal(file, specifier);
    return next !== undefined && loadsFullSheet(next, seen);
  });
}

/** The component sheets a styles file imports, in its order. */
const sheetsOf = (file: string) =>
  [...read(join(src, 'styles', file)).matchAll(/'@mantine\/core\/styles\/([A-Za-z]+)\.css'/g)].map(
    (m) => m[1]!,
  );

// Each page's route, and the sheets its wrapper in app/pages.ts loads beside the shell's.
const pagesSource = read(join(src, 'app/pages.ts'));
const routes = [
  ...pagesSource.matchAll(/'(\/[^']*)': (?:with(\w+)Styles\()?\(\) => import\('\.\.\/([^']+)'\)/g),
].map((m) => ({ path: m[1]!, wrapper: m[2], module: `${m[3]!}.tsx` }));
const pageSheets: Record<string, string | undefined> = {
  Docs: 'docs.ts',
  Console: 'console.ts',
};

describe('the partial Mantine stylesheets', () => {
  const shell = sheetsOf('shell.ts');

  it('cover the shell: layout, header, user menu and toasts', () => {
    const needs = neededSheets(['main.tsx'], ['app/pages.ts']);
    const missing = [...needs].filter(([folder]) => !shell.includes(folder));
    expect(missing.map(([folder, where]) => `${folder}.css for ${where}`)).toEqual([]);
  });

  const partial = routes.filter((route) => route.wrapper !== 'Full');
  it('are what the light pages load (the rest load the whole sheet)', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(partial.map((route) => route.path)).toEqual([
      '/',
      '/login',
      '/profile',
      '/pricing',
      '/docs',
      '/dashboard',
    ]);
  });

  it.each(partial)('cover $path, with the parts it loads later', ({ module, wrapper }) => {
    const own = wrapper ? pageSheets[wrapper] : undefined;
    if (wrapper) expect(own, `a sheet for with${wrapper}Styles`).toBeDefined();
    const sheets = [...shell, ...(own ? sheetsOf(own) : [])];
    const needs = neededSheets([module]);
    const missing = [...needs].filter(([folder]) => !sheets.includes(folder));
    expect(missing.map(([folder, where]) => `${folder}.css for ${where}`)).toEqual([]);
  });

  it.each([['shell.ts'], ['docs.ts'], ['console.ts']])(
    '%s follows the order of Mantine’s whole sheet (after the shell’s)',
    (file) => {
      const whole = read(join(mantine, 'styles.css'));
      const at = (folder: string) => {
        const sheet = read(join(mantine, `styles/${folder}.css`)).trim();
        const position = whole.indexOf(sheet.slice(0, 300));
        expect(position, `${folder}.css in styles.css`).toBeGreaterThanOrEqual(0);
        return position;
      };
      const positions = sheetsOf(file).map(at);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    },
  );
});
