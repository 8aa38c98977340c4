// API tests run in node against a real database (see test/support/testDb.ts and scripts/test-engines.js).
/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  transform: {
    '^.+\\.[cm]?[jt]s$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'commonjs' },
      },
    ],
  },
  // otplib's base32 and hash plugins (@scure/base, @noble/hashes) ship only ES modules: compiled like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(?:@scure|@noble|otplib|@otplib)/)'],
  // The contract as source (its package answers its build to node, which the tests do not need).
  moduleNameMapper: {
    '^@caucus/contract$': '<rootDir>/../contract/src/index.ts',
    '^@caucus/contract/(.*)$': '<rootDir>/../contract/src/$1',
  },
  globalSetup: '<rootDir>/test/support/globalSetup.ts',
  globalTeardown: '<rootDir>/test/support/globalTeardown.ts',
  // A fresh MariaDB database per test file takes a few seconds; in CI the suite runs at nice 10 beside
  // the browsers and the cluster (scripts/check-all.js), where a test can wait several times its
  // quiet length for a core.
  testTimeout: 180000,
};
