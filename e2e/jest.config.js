// Browser journeys: real Chromium against the production build, served the way `npm start` serves it.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/journeys/**/*.test.js'],
  globalSetup: '<rootDir>/support/globalSetup.js',
  globalTeardown: '<rootDir>/support/globalTeardown.js',
  setupFiles: ['<rootDir>/support/productOfWorker.js'],
  testTimeout: 60_000,
  // Two browsers at once, each on its own product (support/globalSetup.js): a journey spends most of
  // its time waiting on the page, and one at a time left a core idle.
  maxWorkers: 2,
};
