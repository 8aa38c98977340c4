const path = require('node:path');
const { createFederatedConfig } = require('../scripts/webpack/createFederatedConfig');

module.exports = createFederatedConfig({
  appDir: __dirname,
  name: 'shell',
  devPort: 3000,
  runtimePlugins: [path.join(__dirname, 'src/federation/resiliencePlugin.ts')],
  title: 'Caucus',
});
