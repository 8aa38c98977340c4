const { frontendJestConfig } = require('../scripts/jest/frontend.config.js');

module.exports = frontendJestConfig(__dirname, {
  // Storybook 10 ships ESM only; its portable-stories API must be compiled to CommonJS for jest.
  transformIgnorePatterns: ['/node_modules/(?!(storybook|@storybook)/)'],
});
