// Browser journeys: real Chromium against the production build, served the way `npm start` serves it.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/journeys/**/*.test.js'],
  globalSetup: '<rootDir>/support/globalSetup.js',
  globalTeardown: '<rootDir>/support/globalTeardown.js',
  setupFiles: ['<rootDir>/support/productOfWorker.js'],
  // Each step waits for what it needs with its own limit; a whole journey may take minutes when CI's
  // lint, API suites and builds share the two cores with it (a link walk ran past one minute there).
  testTimeout: 180_000,
  // Two browsers at once, each on its own product (support/globalSetup.js): a journey spends most of
  // its time waiting on the page, and one at a time left a core idle.
  maxWorkers: 2,
};
