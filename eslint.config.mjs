import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'tmp/**',
      '**/*.js',
      '**/*.cjs',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
  // One owner per table (backend): a module never imports another module's entity (it calls the owning
  // module's service instead), and HotPathDb is the private plumbing of the *.repository.ts files. Type-only
  // imports are allowed (a type cannot reach a table). MikroORM needs the entities together in the entity
  // files' relations, database/entities.ts, the migrations and the seeders; backend/test is outside src.
  {
    files: ['backend/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./*/*.entity', '../*/*.entity', '../../*/*.entity', '../../../*/*.entity'],
              allowTypeImports: true,
              message:
                "Another module's entity: call the owning module's service (its repository is private).",
            },
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
          patterns: [
            {
              group: ['./*/*.entity', '../*/*.entity', '../../*/*.entity', '../../../*/*.entity'],
              allowTypeImports: true,
              message:
                "Another module's entity: call the owning module's service (its repository is private).",
            },
          ],
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
