const fs = require('node:fs');
const path = require('node:path');
const { createConfig, runtimeShared, API_URL } = require('../../webpack.config.base');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const webpack = require('webpack');
const pkg = require('./package.json');

/**
 * Preload hints in index.html for the app's own start-up chunks (the `bootstrap` chunk group: the app and the
 * libraries it starts with), so the browser fetches them alongside main.js instead of after it: one network
 * round trip less before the page draws.
 * Their styles are linked as stylesheets.
 */
class PreloadStartupChunksPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartupChunks', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartupChunks', (data) => {
        const group = compilation.namedChunkGroups.get('bootstrap');
        if (!group) return data;
        // The group holds React, React Router and TanStack Query too: bootstrap imports them (no federation build
        // plugin puts them behind a share scope).
        const files = new Set(group.chunks.flatMap((chunk) => [...chunk.files]));
        const publicPath = compilation.outputOptions.publicPath;
        for (const file of [...files].filter((f) => /\.(js|css)$/.test(f)).sort()) {
          // Styles applied, not just fetched: a page the server drew must be styled at its first paint.
          const attributes = file.endsWith('.css') ? { rel: 'stylesheet', href: `${publicPath}${file}` } : { rel: 'preload', as: 'script', href: `${publicPath}${file}` };
          data.headTags.push(HtmlWebpackPlugin.createHtmlTagObject('link', attributes));
        }
        return data;
      });
    });
  }
}

/**
 * page-assets.json: the script and style files of each page's chunk group (route-loaders.ts names them
 * page-<page>) beyond the start-up ones index.html preloads already, so the server can preload the files of
 * the page it answers in the page itself, instead of the browser finding them only once main.js has run.
 */
class PageAssetsPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PageAssets', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PageAssets', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const filesOf = (group) => (group ? group.chunks.flatMap((chunk) => [...chunk.files]) : []);
        const startup = new Set([...filesOf(compilation.namedChunkGroups.get('main')), ...filesOf(compilation.namedChunkGroups.get('bootstrap'))]);
        const publicPath = compilation.outputOptions.publicPath;
        const pages = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          if (!name.startsWith('page-')) continue;
          pages[name] = [...new Set(filesOf(group))]
            .filter((file) => /\.(js|css)$/.test(file) && !startup.has(file))
            .sort()
            .map((file) => `${publicPath}${file}`);
        }
        compilation.emitAsset('page-assets.json', new RawSource(JSON.stringify(pages, null, 1)));
      });
    });
  }
}

/** Copies the brand's icons (public/brand: favicon, app icons) to the root of the build, under stable names. */
class BrandIconsPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    const dir = path.join(__dirname, 'public', 'brand');
    compiler.hooks.thisCompilation.tap('BrandIcons', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'BrandIcons', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const file of fs.readdirSync(dir)) {
          compilation.fileDependencies.add(path.join(dir, file));
          compilation.emitAsset(file, new RawSource(fs.readFileSync(path.join(dir, file))));
        }
      });
    });
  }
}

const isProd = process.env.NODE_ENV === 'production';

const config = createConfig({
  name: 'storefront',
  dir: __dirname,
  entry: './src/index.ts',
  port: 3001,
  isProd,
  publicPath: '/',
  // The federation host without the federation build plugin: the plugin puts its runtime and the negotiation of
  // shared modules into main.js and in front of every page (some 25 KB gzip of the first load), though only /admin
  // mounts a remote. src/remotes/admin.tsx loads the runtime with the admin page's chunk, registers the admin
  // remote (its URL from GET /api/config) and offers it the host's own React and TanStack Query as shared
  // singletons: the modules and versions listed here, from the same share config the remote builds with.
  define: {
    __FEDERATION_SHARED__: JSON.stringify(runtimeShared(pkg, { isProd, dir: __dirname })),
    // What the build plugin would tell its runtime: no manifest/snapshot code, browser loading paths only.
    FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: 'true',
    ENV_TARGET: JSON.stringify('web'),
  },
  // The browser talks to one origin: the API serves /api and uploaded photos; the admin remote comes from
  // the admin dev server when `npm run dev` runs one (ADMIN_DEV_URL), else from the API's build.
  proxy: [
    { context: ['/api', '/uploads'], target: API_URL },
    process.env.ADMIN_DEV_URL
      ? { context: ['/admin-app'], target: process.env.ADMIN_DEV_URL, pathRewrite: { '^/admin-app': '' } }
      : { context: ['/admin-app'], target: API_URL },
  ],
});

// Pages load beside the app (index.ts starts both), so webpack cannot count on the app's chunk being there when a
// page's chunk runs: the modules both use (the icons, the saved-vehicles and toast stores) were copied into the
// app's chunk and each page's, being too small (under 20 KB) for a chunk of their own. They get one, which the
// app and the pages share: one copy per page load instead of two. The same for lib/deferred.tsx (the footer
// and the pages' parts that load as the visitor nears them).
config.optimization.splitChunks = {
  cacheGroups: {
    appCommon: { test: /[\\/]src[\\/](components[\\/]icons\.tsx|stores[\\/]|lib[\\/]deferred\.tsx)/, name: 'app-common', chunks: 'all', enforce: true },
    // The libraries every page starts with whole (React, React DOM, React Router, zustand) in one chunk: split by
    // which chunks use each module, they made three chunks, each gzipped on its own, and the search page's sheet
    // (createPortal, from react-dom's index) carried a second copy of react-dom's entry module. Not TanStack Query:
    // the admin page offers all of it to the console, and the pages use a part.
    framework: {
      test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|zustand)[\\/]/,
      name: 'framework',
      chunks: 'all',
      enforce: true,
    },
    // TanStack Query as every page starts with it, in one chunk: split by which chunks use each module it made two
    // (the client and its caches, the observers and hooks), and gzipped together they are 0.5 KB smaller. Not the
    // admin page's whole copy (it offers the library to the console), nor the hooks only some later pages use
    // (mutations, parallel queries): those stay with the chunks that need them.
    query: {
      test: (module) =>
        /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/.test(module.resource ?? '') &&
        !/[\\/](mutationObserver|useMutation|useMutationState|useIsMutating|queriesObserver|useQueries)\.js$/.test(module.resource ?? ''),
      name: 'query',
      chunks: (chunk) => chunk.name !== 'page-admin',
      enforce: true,
    },
  },
};
config.plugins.push(new BrandIconsPlugin());
if (isProd) config.plugins.push(new PreloadStartupChunksPlugin(), new PageAssetsPlugin());

/**
 * The server's build (src/server-render.tsx): one CommonJS file, dist-server/render.js, that the API loads to
 * draw the `serverRendered` pages for visitors who are not signed in. The browser build's rules, except that it
 * writes no files of its own: styles are extracted and dropped (mini-css-extract's `emit: false`, the browser
 * build has them) and imported images keep the browser build's names and URLs without being written again.
 */
function serverRenderConfig() {
  // The browser build's rules by what they are, not where they stand.
  const code = config.module.rules.find((rule) => rule.use?.loader === 'swc-loader');
  const assets = config.module.rules.find((rule) => rule.type === 'asset');
  return {
    name: 'storefront-server',
    mode: 'production',
    context: __dirname,
    target: 'node22',
    entry: { render: './src/server-render.tsx' },
    output: {
      path: path.join(__dirname, 'dist-server'),
      publicPath: config.output.publicPath,
      assetModuleFilename: config.output.assetModuleFilename,
      filename: '[name].js',
      library: { type: 'commonjs2' },
      clean: true,
    },
    devtool: false,
    resolve: config.resolve,
    module: {
      rules: [
        code,
        { test: /\.css$/, use: [{ loader: MiniCssExtractPlugin.loader, options: { emit: false } }, 'css-loader'] },
        { ...assets, generator: { emit: false } },
      ],
    },
    plugins: [new MiniCssExtractPlugin(), new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = isProd ? [config, serverRenderConfig()] : config;
