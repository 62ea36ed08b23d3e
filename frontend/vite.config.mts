/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const FIRST_LOAD = here('./src/first-load.ts');

/**
 * The first script (src/first-load.ts, src/app/first-load.ts): a second entry of a few kB that
 * index.html runs as soon as it arrives, to ask for the first page's code and catalogues while the app's
 * own chunk (~140 kB gzip) is still downloading. Here:
 * - `firstLoadModules` collects its static module graph, built as its own chunk (codeSplitting below),
 *   so it never waits for the app's chunk;
 * - index.html gets it as an async module script, placed before the app's.
 */
const firstLoadModules = new Set<string>();
function firstLoad(): Plugin {
  return {
    name: 'seatkeeper-first-load',
    apply: 'build',
    options(options) {
      // index.html stays the app's entry (Vite's own); the first script is a second one.
      const input = options.input ?? here('./index.html');
      const inputs =
        typeof input === 'string'
          ? { index: input }
          : Array.isArray(input)
            ? { index: input[0]! }
            : input;
      return { ...options, input: { ...inputs, 'first-load': FIRST_LOAD } };
    },
    buildEnd() {
      firstLoadModules.clear();
      const stack = [FIRST_LOAD];
      while (stack.length) {
        const id = stack.pop()!;
        if (firstLoadModules.has(id)) continue;
        firstLoadModules.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId === FIRST_LOAD,
        );
        if (!chunk) throw new Error('no chunk for src/first-load.ts');
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${chunk.fileName}` },
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}

const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/dev-idp', '/apitokens'];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), firstLoad()],
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
        // Everything the app's entry imports statically goes into its chunk, but for the first script's
        // few modules (firstLoad above), which the app imports from that script's chunk. Left alone,
        // Rolldown splits the modules the app shares with lazy pages (Mantine's core, small helpers)
        // into extra chunks that the first page then fetches one by one, each with ~0.9 kB of response
        // headers.
        codeSplitting: {
          groups: [
            { name: 'first-load', test: (id) => firstLoadModules.has(id), priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    watch: false,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    css: false,
    restoreMocks: true,
  },
});
