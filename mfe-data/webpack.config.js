const path = require('node:path');
const { createFederatedConfig } = require('../scripts/webpack/createFederatedConfig');

const federated = createFederatedConfig({
  appDir: __dirname,
  name: 'mfe_data',
  devPort: 3006,
  exposes: { './Section': './src/Section.tsx' },
  title: 'Caucus — Data (standalone)',
});

// The import file parser runs in a Web Worker. It is its own small bundle (no federation runtime,
// which cannot name a worker's chunks): dist/import-parser.worker.js, loaded beside remoteEntry.js.
const parserWorker = (production) => ({
  name: 'parser-worker',
  dependencies: ['remote'],
  mode: production ? 'production' : 'development',
  context: __dirname,
  target: 'webworker',
  entry: './src/imports/parsing/parse.worker.ts',
  devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
  output: { path: path.join(__dirname, 'dist'), filename: 'import-parser.worker.js', clean: false },
  resolve: { extensions: ['.ts', '.js', '.mjs', '.json'] },
  module: {
    rules: [
      {
        test: /\.[cm]?[jt]s$/,
        exclude: /node_modules/,
        use: { loader: 'swc-loader', options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' } } },
      },
    ],
  },
  performance: { hints: false },
});

module.exports = (env, argv) => {
  const production = argv.mode !== 'development';
  return [{ ...federated(env, argv), name: 'remote' }, parserWorker(production)];
};
