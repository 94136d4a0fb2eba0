// Shared webpack 5 setup for the browser apps (storefront = federation host, admin = remote).
// Each app's webpack.config.js calls createConfig() with what differs.
const path = require('node:path');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { DefinePlugin } = require('webpack');

const ROOT = __dirname;
const fs = require('node:fs');

/** The API; every dev server proxies to it so the browser sees one origin. */
const API_URL = process.env.API_URL || 'http://localhost:3000';

/** Libraries worth one copy on /admin when host and remote both use them. */
const BOTH_APPS_LIBRARIES = ['@tanstack/react-query'];
const APP_PACKAGES = ['apps/storefront/package.json', 'apps/admin/package.json'].map((file) => require(path.join(ROOT, file)));

/**
 * Singleton share config for React. `requiredVersion` comes from the app's own package.json,
 * so host and remote negotiate one copy at run time. Never spread `dependencies` into `shared`.
 * `react-dom/client` must be listed: antd imports it, and an unlisted subpath gets bundled again.
 *
 * @param {{ dependencies?: Record<string, string> }} pkg the app's package.json
 * @param {{ isProd: boolean }} options
 */
function sharedDeps(pkg, { isProd }) {
  const deps = pkg.dependencies || {};
  for (const name of ['react', 'react-dom']) {
    if (!deps[name]) throw new Error(`sharedDeps: ${name} is missing from the app's dependencies`);
  }
  const react = { singleton: true, requiredVersion: deps.react };
  const reactDom = { singleton: true, requiredVersion: deps['react-dom'] };
  // Other libraries become shared singletons only when BOTH apps depend on them: sharing a library
  // that one side lacks just adds an async hop for nothing.
  const both = {};
  for (const lib of BOTH_APPS_LIBRARIES) {
    if (deps[lib] && APP_PACKAGES.every((app) => app.dependencies?.[lib])) {
      both[lib] = { singleton: true, requiredVersion: deps[lib] };
    }
  }
  return {
    ...both,
    react,
    'react/jsx-runtime': react,
    // swc emits jsx-dev-runtime imports in development builds only.
    ...(isProd ? {} : { 'react/jsx-dev-runtime': react }),
    'react-dom': reactDom,
    'react-dom/client': reactDom,
  };
}

/** The installed version of a package (the app's own node_modules first, then the workspace's). */
function installedVersion(dir, name) {
  for (const base of [dir, ROOT]) {
    const file = path.join(base, 'node_modules', name, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
  }
  throw new Error(`installedVersion: ${name} is not installed`);
}

/**
 * What a host that uses the federation runtime without the build plugin (the storefront: src/remotes/admin.tsx)
 * offers its remotes: each module of sharedDeps() with the version installed and its share config, for the
 * runtime's `createInstance({ shared })`.
 *
 * @param {{ dependencies?: Record<string, string> }} pkg the app's package.json
 * @param {{ isProd: boolean, dir: string }} options
 * @returns {Record<string, { version: string, shareConfig: { singleton: boolean, requiredVersion: string } }>}
 */
function runtimeShared(pkg, { isProd, dir }) {
  const shared = {};
  for (const [request, config] of Object.entries(sharedDeps(pkg, { isProd }))) {
    const name = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
    shared[request] = { version: installedVersion(dir, name), shareConfig: { singleton: config.singleton, requiredVersion: config.requiredVersion } };
  }
  return shared;
}

/**
 * @param {object} options
 * @param {string} options.name federation container name, also output.uniqueName
 * @param {string} options.dir the app folder (context; output goes to <dir>/dist)
 * @param {string} [options.entry] browser entry; omit for a build that only emits the remote container
 * @param {number} options.port dev server port
 * @param {object} [options.federation] ModuleFederationPlugin options (name, dts, manifest and experiments are filled in);
 *   omit for an app that uses no federation build plugin (the storefront loads the runtime on /admin only)
 * @param {boolean} [options.isProd] defaults to NODE_ENV === 'production' (`--config-node-env production`)
 * @param {string} [options.publicPath] '/' for the host, 'auto' for a remote served from anywhere
 * @param {Array<object>} [options.proxy] dev server proxy entries
 * @param {object} [options.devServer] extra dev server options
 * @param {number} [options.maxAssetSize] performance budget in bytes, uncompressed
 * @param {Record<string, string>} [options.define] expressions replaced at build time (DefinePlugin)
 * @returns {import('webpack').Configuration}
 */
function createConfig({
  name,
  dir,
  entry,
  port,
  federation,
  isProd = process.env.NODE_ENV === 'production',
  publicPath = '/',
  proxy = [],
  devServer = {},
  maxAssetSize = 350 * 1024,
  define = {},
}) {
  const hash = isProd ? '.[contenthash:8]' : '';

  return {
    name,
    mode: isProd ? 'production' : 'development',
    context: dir,
    target: ['web', 'es2020'],
    entry: entry ? { main: entry } : {},
    output: {
      path: path.join(dir, 'dist'),
      publicPath,
      uniqueName: name,
      // Entry files keep a stable name: the federation runtime cannot load a [contenthash]ed
      // entry. The HTML references them with ?<hash> and the server gives them a short cache.
      filename: '[name].js',
      chunkFilename: `[name]${hash}.js`,
      assetModuleFilename: `assets/[name]${hash}[ext]`,
      clean: true,
    },
    devtool: isProd ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: {
        '@app/shared': path.join(ROOT, 'libs/shared/src'),
      },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                // Decorators: the shared request DTOs (class-validator rules) serve the forms too.
                parser: { syntax: 'typescript', tsx: true, decorators: true },
                target: 'es2020',
                transform: {
                  legacyDecorator: true,
                  react: { runtime: 'automatic', development: !isProd },
                },
              },
              module: { type: 'es6' },
              sourceMaps: true,
            },
          },
        },
        {
          test: /\.css$/,
          use: [isProd ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
        {
          test: /\.(png|jpe?g|gif|webp|avif|svg|ico|woff2?)$/i,
          type: 'asset',
          parser: { dataUrlCondition: { maxSize: 4 * 1024 } },
        },
      ],
    },
    plugins: [
      Object.keys(define).length > 0 && new DefinePlugin(define),
      federation &&
        new ModuleFederationPlugin({
        name,
        // Type generation runs tsc on every build; the contracts live in libs/ instead.
        dts: false,
        // Remotes are registered with a plain remoteEntry.js URL, so no mf-manifest.json.
        manifest: false,
        experiments: {
          // Drops the runtime's manifest/snapshot code (unused with remoteEntry.js remotes) and its
          // Node.js loading paths: about 3 KB gzip off main.js and remoteEntry.js each.
          optimization: { disableSnapshot: true, target: 'web' },
        },
        ...federation,
      }),
      entry &&
        new HtmlWebpackPlugin({
          template: path.join(dir, 'public/index.html'),
          // Appends ?<build hash> to the entry script so a fresh HTML never runs a stale main.js.
          hash: isProd,
          scriptLoading: 'defer',
        }),
      isProd &&
        new MiniCssExtractPlugin({
          filename: '[name].[contenthash:8].css',
          chunkFilename: '[name].[contenthash:8].css',
        }),
      // Precompressed copies for the API's static handler (@fastify/static preCompressed).
      ...(isProd
        ? [
            new CompressionPlugin({
              filename: '[path][base].gz',
              algorithm: 'gzip',
              compressionOptions: { level: 9 },
              test: /\.(js|css|html|svg|json)$/,
              threshold: 1024,
            }),
            new CompressionPlugin({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              test: /\.(js|css|html|svg|json)$/,
              threshold: 1024,
            }),
          ]
        : []),
    ].filter(Boolean),
    optimization: {
      // Native minifiers (swc for JS, lightningcss for CSS): the admin build took 10-14 s with
      // webpack's default terser and 5-7 s with swc on 2 cores, with slightly smaller output.
      minimizer: [
        new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false }),
        new TerserPlugin({ test: /\.css$/i, minify: TerserPlugin.lightningCssMinify }),
      ],
    },
    performance: {
      hints: isProd ? 'warning' : false,
      maxAssetSize,
      maxEntrypointSize: maxAssetSize,
      assetFilter: (file) => /\.(js|css)$/.test(file),
    },
    stats: isProd ? 'normal' : 'errors-warnings',
    devServer: {
      port,
      host: 'localhost',
      historyApiFallback: true,
      // public/ holds only the HTML template; serve exactly what the production build would.
      static: false,
      // Live reload only: HMR across a federation boundary reloads inconsistently.
      hot: false,
      liveReload: true,
      client: { overlay: { errors: true, warnings: false } },
      proxy,
      ...devServer,
    },
  };
}

module.exports = { createConfig, sharedDeps, runtimeShared, API_URL };
