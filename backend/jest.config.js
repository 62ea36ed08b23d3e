/** @type {import('jest').Config} */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];
const common = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  moduleFileExtensions: ['ts', 'js', 'json'],
  // The shared rules from their sources, as the type-check reads them (no build needed for tests).
  moduleNameMapper: { '^@seatkeeper/domain$': '<rootDir>/../libs/domain/src/index.ts' },
};

module.exports = {
  testTimeout: 60000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.integration-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/timeouts.ts'],
      // One migrated template per run; each file's database is a copy (test/support/template.ts).
      globalSetup: '<rootDir>/test/support/template.ts',
      globalTeardown: '<rootDir>/test/support/template-teardown.ts',
    },
  ],
};
