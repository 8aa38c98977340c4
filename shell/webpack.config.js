const path = require('node:path');
const { createFederatedConfig } = require('../scripts/webpack/createFederatedConfig');

module.exports = createFederatedConfig({
  appDir: __dirname,
  name: 'shell',
  devPort: 3000,
  runtimePlugins: [path.join(__dirname, 'src/federation/resiliencePlugin.ts')],
  title: 'Caucus',
  // What the shell loads from each remote, shipped beside its manifest: deploying a remote checks
  // its build against them (scripts/lib/federationContract.js).
  copyFiles: { 'remote-modules.json': path.join(__dirname, 'src/federation/remoteModules.json') },
});
