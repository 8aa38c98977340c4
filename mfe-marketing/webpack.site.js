// The prerendered public site (ADR 0008), built beside the federated remote into the same dist/, so
// deploying mfe-marketing alone deploys its pages' HTML and their code together:
//  - `site`: the browser bundle of the prerendered pages. Not federated: the shell is not on these
//    pages, so the page holds one React (this one) and no federation runtime. A tiny loader is all
//    the page runs before it is interactive; React and the pages hydrate once the page is idle.
//  - `prerender`: a Node build of the same components, run by scripts/prerender.js after webpack
//    to write dist/html/<path>/index.html. It is not deployed (dist-prerender/).
const path = require('node:path');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { swcLoader, swcMinimizer } = require('../scripts/webpack/createFederatedConfig');

const SITE_DIR = 'site';
const ASSETS_FILE = `${SITE_DIR}/assets.json`;
// The same class names on both sides, or hydration would meet other classes than the HTML has.
const LOCAL_IDENT_NAME = 'mfe_marketing_[hash:base64:6]';

function swcRule(production) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    use: swcLoader(production),
  };
}

function cssRules({ extract, exportOnlyLocals }) {
  const first = extract ? [MiniCssExtractPlugin.loader] : [];
  return [
    {
      test: /\.module\.css$/,
      use: [
        ...first,
        {
          loader: 'css-loader',
          options: { modules: { localIdentName: LOCAL_IDENT_NAME, namedExport: false, exportLocalsConvention: 'as-is', exportOnlyLocals } },
        },
      ],
    },
    { test: /\.css$/, exclude: /\.module\.css$/, use: [...first, 'css-loader'] },
  ];
}

/** Writes site/assets.json: the files the loader entry needs, for the prerendered HTML's <head>. */
class SiteAssetsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('SiteAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SiteAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const files = [...compilation.entrypoints.get('loader').getFiles()].filter((file) => !file.endsWith('.map'));
        const assets = {
          scripts: files.filter((file) => file.endsWith('.js')),
          styles: files.filter((file) => file.endsWith('.css')),
        };
        compilation.emitAsset(ASSETS_FILE, new sources.RawSource(`${JSON.stringify(assets, null, 2)}\n`));
      });
    });
  }
}

function siteConfig(appDir, production) {
  return {
    name: 'site',
    mode: production ? 'production' : 'development',
    context: appDir,
    // As the federated builds (createFederatedConfig.js): webpack's runtime written for es2020.
    target: ['web', 'es2020'],
    entry: { loader: './src/site/render/loader.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      // Inside the remote's dist, beside its federated files; the deploy copies both.
      path: path.join(appDir, 'dist'),
      publicPath: 'auto',
      uniqueName: 'mfe_marketing_site',
      filename: `${SITE_DIR}/[name].[contenthash:10].js`,
      chunkFilename: `${SITE_DIR}/[name].[contenthash:10].js`,
      assetModuleFilename: `${SITE_DIR}/assets/[name].[contenthash:10][ext]`,
      crossOriginLoading: 'anonymous',
      clean: false,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        { test: /[\\/]api[\\/]src[\\/]contract[\\/]/, sideEffects: false },
        // As in the federated builds (ADR 0008): our modules do nothing on import but define things,
        // so the loader's page view brings the analytics module, not the whole session entry
        // (React, the query client and the store with it). The loader itself is the entry: kept.
        { test: /\.[cm]?[jt]sx?$/, exclude: /node_modules/, sideEffects: false },
        swcRule(production),
        ...cssRules({ extract: true, exportOnlyLocals: false }),
        { test: /\.(png|jpe?g|gif|svg|webp|ico|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: `${SITE_DIR}/[name].[contenthash:10].css`, chunkFilename: `${SITE_DIR}/[name].[contenthash:10].css` }),
      new SiteAssetsPlugin(),
    ],
    optimization: {
      moduleIds: 'deterministic',
      minimizer: [swcMinimizer()],
      // All of the site's CSS in one file that the HTML links in its <head>: the page is styled
      // before any script runs.
      splitChunks: { cacheGroups: { styles: { type: 'css/mini-extract', name: 'styles', chunks: 'all', enforce: true } } },
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

function prerenderConfig(appDir, production) {
  return {
    name: 'prerender',
    mode: production ? 'production' : 'development',
    context: appDir,
    target: 'node20',
    entry: { prerender: './src/site/render/prerender.tsx' },
    devtool: false,
    output: {
      path: path.join(appDir, 'dist-prerender'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
    // React itself comes from node_modules at run time; everything else is compiled in.
    externals: ['react', 'react-dom', 'react-dom/server', 'react/jsx-runtime'],
    module: {
      rules: [
        swcRule(production),
        {
          test: /\.module\.css$/,
          use: [
            {
              loader: 'css-loader',
              options: { modules: { localIdentName: LOCAL_IDENT_NAME, namedExport: false, exportLocalsConvention: 'as-is', exportOnlyLocals: true } },
            },
          ],
        },
        // Global CSS is the browser bundle's business.
        { test: /\.css$/, exclude: /\.module\.css$/, type: 'javascript/auto', use: [{ loader: path.join(__dirname, 'scripts', 'empty-loader.js') }] },
        { test: /\.(png|jpe?g|gif|svg|webp|ico|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { siteConfig, prerenderConfig, ASSETS_FILE, SITE_DIR };
