/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compression } from 'vite-plugin-compression2';
import { defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { firstCatalogues } from './build/first-catalogues';
import { APP_CHUNK, collectChunks, screenChunks } from './build/first-screens';
import { PAGE_NAMESPACES, SHELL_NAMESPACES } from './src/locales/namespaces';

type CodeSplittingGroup = Rolldown.CodeSplittingGroup;

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/dev-idp', '/apitokens'];

/** Mantine's ScrollArea imports only `useMergeRefs` from floating-ui: see src/lib/merge-refs.ts. */
const scrollAreaMergeRefs: Plugin = {
  name: 'seatkeeper:scroll-area-merge-refs',
  enforce: 'pre',
  resolveId(source, importer) {
    if (
      source === '@floating-ui/react' &&
      importer?.includes('/@mantine/core/esm/components/ScrollArea/')
    )
      return here('src/lib/merge-refs.ts');
    return undefined;
  },
};

/** The interface's languages: the catalogue folders (src/locales/<language>/). */
const languages = readdirSync(here('src/locales'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The first page's catalogues in one request, in its language only (build/first-catalogues.ts). */
const catalogueBundles = firstCatalogues({
  localesDir: here('src/locales'),
  languages,
  shell: SHELL_NAMESPACES,
  pages: PAGE_NAMESPACES,
});

/**
 * The icon inside the built index.html, as a data: address (under 1 kB): the first load sends no request
 * for it, where Chrome would otherwise fetch it at high priority beside the page's own code. public/
 * keeps the file for any other use of /favicon.svg.
 */
const inlineFavicon: Plugin = {
  name: 'seatkeeper:inline-favicon',
  apply: 'build',
  transformIndexHtml(html) {
    const link = 'href="/favicon.svg"';
    if (!html.includes(link)) throw new Error(`index.html no longer links the icon as ${link}`);
    const svg = readFileSync(here('public/favicon.svg'), 'utf8').trim();
    return html.replace(link, `href="data:image/svg+xml,${encodeURIComponent(svg)}"`);
  },
};

/**
 * Each script, style sheet and SVG of the build also compressed once with Brotli at its highest quality,
 * beside the file (`<name>.br`), which the server sends to browsers that accept it
 * (backend/src/web/spa.ts): the app's chunk is 14% smaller than as the server's on-the-fly compression
 * (gzip or Brotli at quality 4) sends it (125.5 against 145.9 kB), the other chunks about as much.
 */
const precompressed = compression({
  algorithms: ['brotliCompress'],
  include: /\.(js|css|svg|json)$/,
  threshold: 1024,
  logLevel: 'silent',
});

/** The configuration, with the build's chunk groups; `written` for the build that writes the files. */
const config = (groups: CodeSplittingGroup[], written = false): UserConfig => ({
  root: import.meta.dirname,
  plugins: [
    react(),
    scrollAreaMergeRefs,
    catalogueBundles,
    inlineFavicon,
    ...(written ? [precompressed] : []),
  ],
  resolve: {
    // The shared rules from their sources (the backend links their CommonJS build instead).
    alias: {
      '@seatkeeper/domain': here('../libs/domain/src/index.ts'),
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: false }])),
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: true,
    // No modulepreload polyfill in the first chunk: current browsers preload natively, and older ones
    // still load every module, only without fetching it ahead.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes into the entry chunk. Left alone, Rolldown
        // splits the modules it shares with lazy pages (Mantine's core, small helpers) into extra
        // chunks that the first page then fetches one by one, each with ~0.9 kB of response headers.
        // (A second, early entry that asked for the first page's code and catalogues before the app's
        // chunk arrived was tried: in back-to-back Lighthouse pairs it made the home page and the
        // console slower, not faster, so main.tsx starts those requests as its first statement.)
        // The pages a visitor opens first also get one chunk each (build/first-screens.ts).
        codeSplitting: { groups },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    watch: false,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // A test may wait up to 5 s for each of several findBy* (src/test/setup.ts): Vitest's default of 5 s
    // per test failed tests that take 3-4 s alone when the CI machine also runs the backend's suites.
    testTimeout: 20_000,
    // Two sets of test files. Most share their worker's modules between files (isolate: false: each
    // file's setup and jsdom no longer re-import React, Mantine and the catalogues, which took four fifths
    // of the run). Files that replace modules (vi.mock) or drive modules that keep state between renders
    // (the purchase flow's pending focus, the router, scroll and language state, navigation guards) keep
    // a fresh module graph each, as before.
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED_TESTS } },
      {
        extends: true,
        test: { name: 'shared', isolate: false, include: ALL_TESTS, exclude: ISOLATED_TESTS },
      },
    ],
  },
});

const ALL_TESTS = ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'];
/** The test files that keep a module graph of their own (see `projects` above). */
const ISOLATED_TESTS = [
  'src/features/plans/**/*.test.{ts,tsx}',
  'src/app/**/*.test.{ts,tsx}',
  'src/lib/**/*.test.{ts,tsx}',
  'src/pages/quiz.test.tsx',
];

/** The pages a visitor opens first (a link, a bookmark, the plugin's "manage licence"): their modules. */
const firstScreens = {
  home: [here('src/pages/home.tsx')],
  login: [here('src/pages/login.tsx')],
  pricing: [here('src/pages/pricing.tsx')],
  docs: [here('src/pages/docs.tsx')],
  console: [here('src/pages/dashboard.tsx')],
};

/** Everything the entry imports statically in the entry chunk (the bundler's own split otherwise). */
const appGroup: CodeSplittingGroup = { name: APP_CHUNK, tags: ['$initial'] };

export default defineConfig(async ({ command }) => {
  if (command !== 'build') return config([appGroup]);
  // A first build, kept in memory, says which modules each first screen needs; the real one then
  // groups them (build/first-screens.ts).
  const names = screenChunks(await collectChunks(config([appGroup])), firstScreens);
  return config([{ name: (id: string) => names.get(id) ?? null }], true);
});
