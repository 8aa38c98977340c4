const { createFederatedConfig } = require('../scripts/webpack/createFederatedConfig');

module.exports = createFederatedConfig({
  appDir: __dirname,
  name: 'mfe_campaigns',
  devPort: 3004,
  exposes: { './Section': './src/Section.tsx', './PerformanceWidget': './src/performance/PerformanceWidget.tsx' },
  title: 'Caucus — Campaigns (standalone)',
});
