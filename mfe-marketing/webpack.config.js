const { createFederatedConfig } = require('../scripts/webpack/createFederatedConfig');
const { siteConfig, prerenderConfig } = require('./webpack.site');

const federated = createFederatedConfig({
  appDir: __dirname,
  name: 'mfe_marketing',
  devPort: 3001,
  exposes: { './Section': './src/Section.tsx' },
  title: 'Caucus — Marketing (standalone)',
});

// The remote the shell loads, then the prerendered public site (webpack.site.js, ADR 0008). The
// dev server (`npm run dev`) serves the remote only.
module.exports = (env, argv) => {
  const remote = federated(env, argv);
  if (process.env.WEBPACK_SERVE) return remote;
  const production = argv.mode !== 'development';
  // The site writes into the remote's dist after the remote has cleaned it (output.clean).
  return [{ ...remote, name: 'remote' }, { ...siteConfig(__dirname, production), dependencies: ['remote'] }, prerenderConfig(__dirname, production)];
};
