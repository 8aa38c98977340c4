// Browser journeys: real Chromium against the production build, served the way `npm start` serves it.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/journeys/**/*.test.js'],
  globalSetup: '<rootDir>/support/globalSetup.js',
  globalTeardown: '<rootDir>/support/globalTeardown.js',
  testTimeout: 60_000,
  maxWorkers: 1,
};
