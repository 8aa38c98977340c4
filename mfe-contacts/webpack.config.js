const { createFederatedConfig } = require('../scripts/webpack/createFederatedConfig');

module.exports = createFederatedConfig({
  appDir: __dirname,
  name: 'mfe_contacts',
  devPort: 3002,
  exposes: { './Section': './src/Section.tsx' },
  title: 'Caucus — Contacts (standalone)',
});
