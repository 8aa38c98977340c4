const { createFederatedConfig } = require('../scripts/webpack/createFederatedConfig');

module.exports = createFederatedConfig({
  appDir: __dirname,
  name: 'mfe_communication',
  devPort: 3007,
  exposes: { './Section': './src/Section.tsx' },
  title: 'Caucus — Communication (standalone)',
});
