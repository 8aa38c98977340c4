const { frontendJestConfig } = require('../scripts/jest/frontend.config.js');

module.exports = frontendJestConfig(__dirname);
