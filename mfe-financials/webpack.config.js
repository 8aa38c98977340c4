const { createFederatedConfig } = require('../scripts/webpack/createFederatedConfig');

module.exports = createFederatedConfig({
  appDir: __dirname,
  name: 'mfe_financials',
  devPort: 3009,
  exposes: { './Section': './src/Section.tsx' },
  title: 'Caucus — Financials (standalone)',
});
