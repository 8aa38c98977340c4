const { createFederatedConfig } = require('../scripts/webpack/createFederatedConfig');

module.exports = createFederatedConfig({
  appDir: __dirname,
  name: 'mfe_calls',
  devPort: 3008,
  exposes: { './Section': './src/Section.tsx' },
  title: 'Caucus — Calls & Meetings (standalone)',
});
