const fs = require('node:fs');
const path = require('node:path');
const { createConfig, sharedDeps, API_URL } = require('../../webpack.config.base');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const pkg = require('./package.json');

/**
 * Preload hints in index.html for the app's own start-up chunks (the `bootstrap` chunk group and the React
 * copies the federation runtime falls back to), so the browser fetches them alongside main.js instead of
 * after it: one network round trip less before the first page draws.
 */
class PreloadStartupChunksPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartupChunks', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartupChunks', (data) => {
        const group = compilation.namedChunkGroups.get('bootstrap');
        if (!group) return data;
        const files = new Set(group.chunks.flatMap((chunk) => [...chunk.files]));
        for (const chunk of compilation.chunks) {
          const modules = compilation.chunkGraph.getChunkModules(chunk);
          if (modules.some((m) => /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(m.resource || ''))) {
            for (const file of chunk.files) files.add(file);
          }
        }
        const publicPath = compilation.outputOptions.publicPath;
        for (const file of [...files].filter((f) => /\.(js|css)$/.test(f)).sort()) {
          const as = file.endsWith('.css') ? 'style' : 'script';
          data.headTags.push(HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as, href: `${publicPath}${file}` }));
        }
        return data;
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
  federation: {
    // Federation host with no static remotes: the admin remote's URL comes from GET /api/config
    // and is registered at run time (src/remotes/admin.tsx).
    remotes: {},
    shared: sharedDeps(pkg, { isProd }),
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

config.plugins.push(new BrandIconsPlugin());
if (isProd) config.plugins.push(new PreloadStartupChunksPlugin());

module.exports = config;
