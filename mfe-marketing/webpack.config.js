const { createFederatedConfig } = require('../scripts/webpack/createFederatedConfig');

module.exports = createFederatedConfig({
  appDir: __dirname,
  name: 'mfe_marketing',
  devPort: 3001,
  exposes: { './Section': './src/Section.tsx' },
  title: 'Caucus — Marketing (standalone)',
});
