/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), scrollAreaMergeRefs],
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
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
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
