/**
 * One jest run: unit tests, the storefront's and the admin console's component tests (jsdom), then the API's
 * HTTP tests on SQLite and on MariaDB (same files, two engines).
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const base = {
  rootDir: __dirname,
  transform: { '^.+\\.(t|j)sx?$': swc },
  // NestJS 12 and a few of its dependencies (and thumbhash) ship ES modules only: Jest's loader needs them transformed.
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|@fastify/cookie|content-disposition|cookie|thumbhash)/)'],
  moduleNameMapper: {
    '^@app/shared$': '<rootDir>/libs/shared/src',
    '^@app/shared/(.*)$': '<rootDir>/libs/shared/src/$1',
  },
  testEnvironment: 'node',
};

const apiHttp = (engine) => ({
  ...base,
  displayName: `api-${engine}`,
  testMatch: ['<rootDir>/apps/api/test/**/*.e2e-spec.ts'],
  setupFiles: [`<rootDir>/apps/api/test/support/engine-${engine}.ts`],
  // Migrates one template database of the engine per run; each test file starts from a copy (test-database.ts).
  globalSetup: '<rootDir>/apps/api/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/apps/api/test/support/global-teardown.ts',
});

module.exports = {
  // A global option (jest ignores it inside a project): API tests start a whole app, hash passwords and encode
  // photos, and npm test runs them beside the browser tests and the type checks on two cores. A guard against a
  // test that hangs, not a measure of speed (the benches are: npm run bench:*).
  testTimeout: 60000,
  // Each API test file loads the whole application in a fresh module registry, and the registry of a file
  // that has finished is not all collected (about 35 MB stays per file, 2.3 GB over the API suite on one
  // engine), which ran the single worker out of heap in CI. Tests run in worker processes (never in band),
  // and a worker is replaced once it holds more than this after a file.
  workerIdleMemoryLimit: '1GB',
  // Two workers on two cores (jest's default is cores - 1 = one): an API test spends much of its time waiting on
  // the database and the network, so the other worker uses the core meanwhile; the two engines' files interleave.
  maxWorkers: 2,
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/libs/*/src/**/*.spec.ts', '<rootDir>/apps/api/src/**/*.spec.ts', '<rootDir>/tools/*/src/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.js', '<rootDir>/apps/api/bench/**/*.spec.ts'] },
    {
      ...base,
      displayName: 'storefront',
      testEnvironment: '<rootDir>/apps/storefront/test/jsdom-environment.js',
      testMatch: ['<rootDir>/apps/storefront/src/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/jest.component-setup.js', '<rootDir>/apps/storefront/test/setup.ts'],
      moduleNameMapper: {
        ...base.moduleNameMapper,
        '\\.css$': 'identity-obj-proxy',
        '\\.(svg|png|jpe?g|webp)$': '<rootDir>/apps/storefront/test/file-stub.js',
      },
    },
    {
      ...base,
      displayName: 'admin',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/apps/admin/src/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/jest.component-setup.js', '<rootDir>/apps/admin/test/setup.ts'],
      testTimeout: 20000,
      // A few of antd's helpers ship ES modules only.
      transformIgnorePatterns: ['/node_modules/(?!(@ant-design/colors|@ant-design/fast-color)/)'],
    },
    apiHttp('sqlite'),
    apiHttp('mariadb'),
  ],
};
