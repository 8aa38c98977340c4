const { frontendJestConfig } = require('../scripts/jest/frontend.config');

module.exports = frontendJestConfig(__dirname);
