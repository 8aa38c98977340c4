// One webpack + Module Federation setup for the shell and every remote, so the
// pitfalls settled in docs/design.md are settled once: loaded-first sharing, shared
// sub-paths with explicit versions, publicPath auto, no single runtime chunk.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const repoRoot = path.resolve(__dirname, '../..');

// Packages with an "exports" map (our own workspaces among them) may not export
// package.json, so find it by walking up from the resolved entry point.
function installedVersion(pkg) {
  let dir = path.dirname(require.resolve(pkg, { paths: [repoRoot] }));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name, version } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      if (name === pkg) return version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the package.json of ${pkg}`);
    dir = parent;
  }
}

// Every app shares exactly these as singletons. Sub-paths are listed one by one
// because React Router 7 keeps its context in `react-router`, React in
// `react/jsx-runtime`, and jotai's store in `jotai/vanilla` + `jotai/react`.
// react-hook-form is shared because the design system's bound fields (`@caucus/design-system/form`)
// read the form from react-hook-form's context: a remote's useForm and the shell's fields must use one
// copy. Shared modules load when first imported, so only pages with a form load it (not first paint).
// zod is not shared on purpose (ADR 0008): a shared module is not tree-shaken, and all of zod is 71 KB
// brotli against 26 KB for what one app uses of it.
const SHARED_PACKAGES = {
  react: ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime'],
  'react-dom': ['react-dom', 'react-dom/client'],
  'react-router': ['react-router'],
  'react-router-dom': ['react-router-dom'],
  jotai: ['jotai', 'jotai/react', 'jotai/vanilla', 'jotai/utils'],
  '@tanstack/react-query': ['@tanstack/react-query'],
  'react-hook-form': ['react-hook-form'],
  '@caucus/design-system': ['@caucus/design-system', '@caucus/design-system/form', '@caucus/design-system/table'],
  '@caucus/platform': ['@caucus/platform'],
};

// The router every app gets (ADR 0008). A shared module is never tree-shaken (its consumers are
// other builds), so sharing react-router itself put all of it in the page: 50 KB brotli, of which
// the apps use a quarter. `react-router` and `react-router-dom` resolve to this one module, which
// re-exports only what the apps use, so the shared copy is tree-shaken to that.
const ROUTER_ENTRY = path.join(__dirname, 'shared', 'router.mjs');
// What `experiments.provideExternalRuntime` adds to the host, as an ES module (see federationExperiments).
const EXTERNAL_RUNTIME_CORE_PLUGIN = path.join(
  path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin', { paths: [repoRoot] })),
  'index.js',
);
// TanStack Query likewise (ADR 0014): shared whole it was 12 KB brotli on every dashboard.
const REACT_QUERY_ENTRY = path.join(__dirname, 'shared', 'reactQuery.mjs');
// Its ES module build (require.resolve answers the CommonJS one, which webpack cannot tree-shake).
const REACT_QUERY_IMPL = path.join(path.dirname(require.resolve('@tanstack/react-query', { paths: [repoRoot] })), 'index.js');

function reactRouterBuild(file) {
  // require.resolve answers dist/development/index.mjs; its production twin sits beside it.
  const development = path.dirname(require.resolve('react-router', { paths: [repoRoot] }));
  return path.join(development, '..', 'production', file);
}

// What the shell, the only host, provides (its mf-manifest.json `shared`: what it imports itself).
// A shared module the shell does not use (the table entry, jotai/utils...) is not provided by it, so a
// remote must keep bringing its own copy of that one.
const PROVIDED_BY_THE_SHELL = new Set([
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'jotai',
  'jotai/react',
  'jotai/vanilla',
  '@tanstack/react-query',
  'react-hook-form',
  '@caucus/design-system',
  '@caucus/platform',
  '@caucus/design-system/form',
]);

/**
 * The shared singletons. `provide: false` (a remote's production build, ADR 0014): the remote brings
 * no copy of what the shell provides and takes the shell's; its remote entry then lists no copies of
 * those to offer, and its dist holds none.
 */
function sharedSingletons({ provide = true } = {}) {
  const shared = {};
  for (const [pkg, specifiers] of Object.entries(SHARED_PACKAGES)) {
    const version = installedVersion(pkg);
    for (const specifier of specifiers) {
      const fromTheShell = !provide && PROVIDED_BY_THE_SHELL.has(specifier);
      shared[specifier] = { singleton: true, version, requiredVersion: `^${version}`, ...(fromTheShell ? { import: false } : {}) };
    }
  }
  return shared;
}

/** Copies files into the build output as they are (e.g. the shell's remote-modules.json). */
class CopyFilesPlugin {
  constructor(files) {
    this.files = files;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CopyFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CopyFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const [name, file] of Object.entries(this.files)) {
          compilation.fileDependencies.add(file);
          compilation.emitAsset(name, new sources.RawSource(fs.readFileSync(file)));
        }
      });
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.appDir        the app's folder (__dirname of its webpack.config.js)
 * @param {string} options.name          federation name, a JS identifier: 'shell', 'mfe_contacts', ...
 * @param {number} options.devPort       port of `npm run dev`
 * @param {Record<string,string>} [options.exposes]   e.g. { './Section': './src/Section.tsx' }
 * @param {string[]} [options.runtimePlugins]          paths of federation runtime plugins
 * @param {string} [options.title]       <title> of the standalone html page
 * @param {object} [options.devServer]   extra webpack-dev-server options
 * @param {Record<string,string>} [options.copyFiles]  output name -> file copied into dist as it is
 */
/**
 * swc's minifier, not terser's (webpack's default): the same bytes within 1% in half the build's CPU
 * (a 2-core machine builds every app for every test run).
 */
function swcMinimizer() {
  return new TerserPlugin({ minify: TerserPlugin.swcMinify, terserOptions: { compress: true, mangle: true } });
}

/** TypeScript and JSX through swc, for every build of the apps (federated or not). */
function swcLoader(production) {
  return {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !production } },
        target: 'es2020',
      },
    },
  };
}

function createFederatedConfig(options) {
  const { appDir, name, devPort, exposes = {}, runtimePlugins = [], title = 'Caucus', copyFiles = {} } = options;
  const isHost = Object.keys(exposes).length === 0;
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    // Production styles are CSS files beside their chunks (ADR 0008), not JavaScript that writes
    // <style> tags: a chunk's CSS loads in parallel with it and parses off the script, and the bytes
    // stop counting as JavaScript. Still CSS Modules, still imported by the module that uses them.
    const styleLoader = production ? MiniCssExtractPlugin.loader : 'style-loader';
    // One federation runtime per page (ADR 0008): the shell, the only host, ships runtime-core and
    // puts it on a global; a remote's entry uses that one instead of bringing its own (29 KB brotli
    // each). Production only: `npm run dev -w <remote>` runs a remote without the shell, so there it
    // keeps its own runtime.
    // The host's side is the plugin `provideExternalRuntime` would add, in its ES module build
    // (ADR 0014): the experiment adds the CommonJS one, whose require() of runtime-core put a second,
    // CommonJS copy of runtime-core and the sdk in main.js beside the ES one the bundler runtime uses.
    const federationExperiments = {
      optimization: { target: 'web' },
      // A remote loads no other remote: its entry needs no code for remotes.
      ...(production && !isHost ? { externalRuntime: true, optimization: { target: 'web', disableRemote: true } } : {}),
    };
    return {
      mode: production ? 'production' : 'development',
      context: appDir,
      // The browsers swc compiles our code for (es2020), for webpack's own runtime code too.
      target: ['web', 'es2020'],
      entry: './src/index.ts',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(appDir, 'dist'),
        publicPath: 'auto',
        uniqueName: name,
        // No [contenthash] in `filename`: the federation plugin needs stable entry names.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        crossOriginLoading: 'anonymous',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
        alias: {
          'react-router$': ROUTER_ENTRY,
          'react-router-dom$': ROUTER_ENTRY,
          'caucus-router-impl$': reactRouterBuild('index.mjs'),
          '@tanstack/react-query$': REACT_QUERY_ENTRY,
          'caucus-react-query-impl$': REACT_QUERY_IMPL,
        },
      },
      module: {
        rules: [
          // Our own modules do nothing on import but define things (no module is imported for its side
          // effects; CSS, which is, is not matched): one helper used from a file must not bring the
          // whole file's imports (a date formatter bringing the event form's schemas and zod).
          { test: /\.[cm]?[jt]sx?$/, exclude: /node_modules/, sideEffects: false },
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            // An import the module does not export is a build error, not undefined at run time (the
            // shared router re-exports only what the apps use).
            parser: { exportsPresence: 'error' },
            use: swcLoader(production),
          },
          {
            test: /\.module\.css$/,
            use: [
              styleLoader,
              {
                loader: 'css-loader',
                options: {
                  modules: {
                    // Scoped per app so two remotes never clash on a class name.
                    localIdentName: production ? `${name}_[hash:base64:6]` : `${name}__[name]__[local]`,
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                  },
                },
              },
            ],
          },
          { test: /\.css$/, exclude: /\.module\.css$/, use: [styleLoader, 'css-loader'] },
          { test: /\.(png|jpe?g|gif|svg|webp|ico|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        ...(production ? [new MiniCssExtractPlugin({ filename: '[name].css', chunkFilename: '[name].[contenthash:10].css', ignoreOrder: true })] : []),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedSingletons({ provide: !(production && !isHost) }),
          shareStrategy: 'loaded-first',
          runtimePlugins: production && isHost ? [EXTERNAL_RUNTIME_CORE_PLUGIN, ...runtimePlugins] : runtimePlugins,
          experiments: federationExperiments,
          dts: false,
          manifest: { fileName: 'mf-manifest.json' },
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
          publicPath: '/',
        }),
        new CopyFilesPlugin(copyFiles),
      ],
      optimization: {
        runtimeChunk: false,
        moduleIds: 'deterministic',
        minimizer: [swcMinimizer()],
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port: devPort,
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api'], target: process.env.API_URL || 'http://localhost:4000' }],
        ...(options.devServer || {}),
      },
    };
  };
}

module.exports = { createFederatedConfig, sharedSingletons, swcLoader, swcMinimizer, SHARED_PACKAGES };
