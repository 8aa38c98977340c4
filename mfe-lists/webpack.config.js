const { createFederatedConfig } = require('../scripts/webpack/createFederatedConfig');

module.exports = createFederatedConfig({
  appDir: __dirname,
  name: 'mfe_lists',
  devPort: 3003,
  exposes: { './Section': './src/Section.tsx' },
  title: 'Caucus — Lists (standalone)',
});
