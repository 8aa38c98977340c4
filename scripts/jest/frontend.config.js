// Jest preset for every React package: jsdom, swc, CSS Modules as identity maps.
const path = require('node:path');

function frontendJestConfig(appDir, overrides = {}) {
  return {
    rootDir: appDir,
    testEnvironment: path.join(__dirname, 'browserEnvironment.js'),
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    transform: {
      '^.+\\.[cm]?[jt]sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    moduleNameMapper: {
      '\\.module\\.css$': 'identity-obj-proxy',
      '\\.css$': path.join(__dirname, 'styleStub.js'),
      '\\.(png|jpe?g|gif|svg|webp|ico)$': path.join(__dirname, 'fileStub.js'),
    },
    // Workspace packages are read from their TypeScript source (the "source" export condition), as
    // the bundler and the type check read them, so no package needs building before a test.
    testEnvironmentOptions: { customExportConditions: ['source', 'browser'] },
    setupFilesAfterEnv: [path.join(__dirname, 'setupTests.js')],
    // user-event types key by key through react-hook-form's re-renders: a long form test takes a few
    // seconds alone and several times that when CI shares the machine's two cores with the API suite.
    testTimeout: 30_000,
    ...overrides,
  };
}

module.exports = { frontendJestConfig };
