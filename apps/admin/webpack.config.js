const { createConfig, sharedDeps, API_URL } = require('../../webpack.config.base');
const pkg = require('./package.json');

const isProd = process.env.NODE_ENV === 'production';
const port = 3002;

module.exports = createConfig({
  name: 'admin',
  dir: __dirname,
  // The standalone page (src/index.ts, dev user) exists for development only; the production
  // build emits just the federation container that the storefront mounts.
  entry: isProd ? undefined : './src/index.ts',
  port,
  isProd,
  // Chunks load relative to wherever remoteEntry.js was fetched from (the API serves /admin-app/).
  publicPath: 'auto',
  federation: {
    filename: 'remoteEntry.js',
    exposes: {
      './AdminApp': './src/AdminApp.tsx',
    },
    shared: sharedDeps(pkg, { isProd }),
  },
  // antd is most of this bundle and loads only on /admin.
  maxAssetSize: 800 * 1024,
  proxy: [{ context: ['/api', '/uploads'], target: API_URL }],
  devServer: {
    // The API serves apps/admin/dist at /admin-app/, so in `npm run dev` the storefront page
    // (through its /admin-app proxy) gets this dev build too.
    devMiddleware: { writeToDisk: true },
    // Fixed, so the live-reload client inside remoteEntry.js still reaches this server when the
    // remote runs in the storefront page on another port.
    client: { webSocketURL: `ws://localhost:${port}/ws`, overlay: { errors: true, warnings: false } },
  },
});
