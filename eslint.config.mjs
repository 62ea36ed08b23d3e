import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import i18next from 'eslint-plugin-i18next';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Paths in the import rules are from here, whichever folder ESLint runs in (Nx runs it per project). */
const root = fileURLToPath(new URL('.', import.meta.url));
const features = readdirSync(new URL('frontend/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const src = (path) => `frontend/src/${path}`;

/**
 * The frontend's layers (docs/architecture.md#boundaries): app → pages → features → components and lib.
 * A layer imports only the layers after it, and a feature imports no other feature (one zone per
 * feature): a page composes them, and what several features share (query keys, fetchers, rules, hooks)
 * lives in lib/ or components/. Tests may mount the app shell (its routes), nothing else of a higher layer.
 */
const appShell = {
  target: [src('pages'), src('features'), src('components'), src('lib')],
  from: src('app'),
  message: 'Only the app shell imports itself (app → pages → features → components/lib).',
};
const layers = [
  {
    target: src('features'),
    from: src('pages'),
    message: 'A feature does not import pages (app → pages → features → components/lib).',
  },
  {
    target: [src('components'), src('lib')],
    from: [src('pages'), src('features')],
    message:
      'Shared components and lib import no page or feature (app → pages → features → components/lib).',
  },
  {
    target: src('lib'),
    from: src('components'),
    message: 'lib is the bottom layer: it imports no components.',
  },
  ...features.map((feature) => ({
    target: src(`features/${feature}`),
    from: features.filter((other) => other !== feature).map((other) => src(`features/${other}`)),
    message:
      'A feature imports no other feature: compose them in a page, and move what they share to components/ or lib/ (docs/architecture.md#boundaries).',
  })),
  {
    target: 'libs',
    from: ['backend', 'frontend'],
    message: 'The shared libraries import neither application.',
  },
];
const tests = ['frontend/src/**/*.test.{ts,tsx}', 'frontend/src/test/**'];

/**
 * The backend's module boundaries (docs/architecture.md): licenses/ keeps binding, the licence check and
 * the AI settings; what was paid for and how many seats it gives is entitlements/'s, so licenses/ imports
 * neither orders/ nor plans/ (type-only imports included).
 */
const backendModules = [
  {
    target: 'backend/src/licenses',
    from: ['backend/src/orders', 'backend/src/plans'],
    message:
      'licenses/ keeps binding, the licence check and AI settings: money and seats go through entitlements/ (docs/architecture.md)',
  },
];

/**
 * One owner per table (backend, docs/architecture.md#boundaries): another module's entity or repository is
 * reached through that module's exported service, never imported. Type-only imports stay allowed (a type
 * cannot reach a table, and Nest cannot inject a class imported as a type): the unit specs type their
 * in-memory repositories with them.
 */
const ownedByAnotherModule = ['entity', 'repository'].map((kind) => ({
  group: ['./*/*', '../*/*', '../../*/*', '../../../*/*'].map((path) => `${path}.${kind}`),
  allowTypeImports: true,
  message: `Another module's ${kind}: call the owning module's service (its repository is private).`,
}));

/**
 * No literal UI text in JSX (docs/architecture.md#language): texts come from the catalogues. Enforced
 * on the files already converted; the conversion of the remaining pages and features extends this
 * list until it is all of frontend/src.
 */
const translated = [
  'frontend/src/app/**/*.tsx',
  'frontend/src/components/**/*.tsx',
  'frontend/src/features/auth/**/*.tsx',
  'frontend/src/pages/login.tsx',
  'frontend/src/pages/profile.tsx',
  'frontend/src/pages/not-found.tsx',
  'frontend/src/pages/home.tsx',
  'frontend/src/pages/pricing.tsx',
  'frontend/src/pages/routes.tsx',
  'frontend/src/pages/docs.tsx',
  'frontend/src/features/home/**/*.tsx',
  'frontend/src/features/pricing/**/*.tsx',
  'frontend/src/features/api-routes/**/*.tsx',
  'frontend/src/features/docs/**/*.tsx',
  'frontend/src/features/quiz/**/*.tsx',
  'frontend/src/pages/quiz.tsx',
  'frontend/src/pages/admin/quiz.tsx',
  'frontend/src/features/subscriptions/**/*.tsx',
  'frontend/src/pages/admin/subscriptions.tsx',
  'frontend/src/features/discounts/**/*.tsx',
  'frontend/src/pages/admin/discounts.tsx',
  'frontend/src/features/vip-emails/**/*.tsx',
  'frontend/src/pages/admin/vip-emails.tsx',
  'frontend/src/features/admin-customers/**/*.tsx',
  'frontend/src/pages/admin/customer.tsx',
  'frontend/src/features/audit/**/*.tsx',
  'frontend/src/pages/admin/audit.tsx',
  'frontend/src/features/admin-plans/**/*.tsx',
  'frontend/src/pages/admin/plans.tsx',
  'frontend/src/features/admin-dashboard/**/*.tsx',
  'frontend/src/pages/admin/dashboard.tsx',
  'frontend/src/features/plans/**/*.tsx',
  'frontend/src/features/orders/**/*.tsx',
  'frontend/src/pages/orders.tsx',
  'frontend/src/pages/receipt.tsx',
  'frontend/src/features/admin-orders/**/*.tsx',
  'frontend/src/pages/admin/orders.tsx',
  'frontend/src/pages/dashboard.tsx',
  'frontend/src/pages/license-seats.tsx',
  'frontend/src/pages/verify.tsx',
  'frontend/src/pages/test.tsx',
  'frontend/src/features/licenses/**/*.tsx',
  'frontend/src/features/tokens/**/*.tsx',
  'frontend/src/features/ai-config/**/*.tsx',
  'frontend/src/features/ai-generate/**/*.tsx',
  'frontend/src/features/downloads/**/*.tsx',
  'frontend/src/features/verify/**/*.tsx',
  'frontend/src/features/admin-docs/**/*.tsx',
  'frontend/src/pages/admin/docs.tsx',
  'frontend/src/features/admin-releases/**/*.tsx',
  'frontend/src/pages/admin/releases.tsx',
];
/** What may stay literal: brand and product names, and symbols (digits and punctuation pass anyway). */
const untranslatedWords = [
  'seatkeeper',
  'Google',
  'WordPress',
  'WeChat Pay',
  'Alipay',
  '©',
  '·',
  '→',
  '✓',
  '/',
];
/** Attributes that are UI text too (jsx-text-only checks element text only). */
const textAttributes = ['aria-label', 'title', 'placeholder', 'label', 'alt', 'description'];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'tmp/**', '**/*.js', '**/*.cjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Imports: no cycles anywhere (followed through the TypeScript path mappings), the frontend's layers,
  // the shared libraries on their own, and the backend's module boundaries.
  {
    files: ['**/*.{ts,tsx,mts,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'backend/tsconfig.json',
            'frontend/tsconfig.json',
            'libs/*/tsconfig.json',
            'tsconfig.tools.json',
          ].map((project) => `${root}${project}`),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [appShell, ...layers, ...backendModules] },
      ],
    },
  },
  {
    files: tests,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: layers }] },
  },
  {
    files: translated,
    ignores: tests,
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-text-only',
          words: {
            exclude: [
              '[0-9!-/:-@[-`{-~\\s]+',
              ...untranslatedWords.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
            ],
          },
          message: "UI text comes from the catalogues: t('key') (docs/architecture.md#language)",
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `JSXAttribute[name.name=/^(${textAttributes.join('|')})$/] > Literal[value=/[A-Za-z\\u4e00-\\u9fff]/]`,
          message: "UI text comes from the catalogues: {t('key')} (docs/architecture.md#language)",
        },
      ],
    },
  },
  // bench/ and scripts/ are ES modules for Node (type-checked by tsconfig.tools.json).
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-empty-function': 'off',
    },
  },
  {
    files: ['backend/src/database/migrations/**'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  // One owner per table (backend): a module never imports another module's entity or repository (it calls
  // the owning module's service instead: ownedByAnotherModule), and HotPathDb is the private plumbing of the
  // *.repository.ts files. MikroORM needs the entities together in the entity files' relations,
  // database/entities.ts, the migrations and the seeders; backend/test is outside src.
  {
    files: ['backend/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...ownedByAnotherModule,
            {
              group: ['**/database/hot-path-db', './hot-path-db'],
              message:
                'HotPathDb is private to the repositories: add a named query method to the owning *.repository.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['backend/src/**/*.repository.ts', 'backend/src/common/common.module.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [...ownedByAnotherModule],
        },
      ],
    },
  },
  {
    files: [
      'backend/src/**/*.entity.ts',
      'backend/src/database/entities.ts',
      'backend/src/database/hot-path-db.ts',
      'backend/src/database/migrations/**',
      'backend/src/database/seeders/**',
    ],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
);
