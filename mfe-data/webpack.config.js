const { createFederatedConfig } = require('../scripts/webpack/createFederatedConfig');

module.exports = createFederatedConfig({
  appDir: __dirname,
  name: 'mfe_data',
  devPort: 3006,
  exposes: { './Section': './src/Section.tsx' },
  title: 'Caucus — Data (standalone)',
});
