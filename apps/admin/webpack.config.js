const { createConfig, sharedDeps, API_URL } = require('../../webpack.config.base');
const pkg = require('./package.json');

const { execFileSync } = require('node:child_process');

const isProd = process.env.NODE_ENV === 'production';
const port = 3002;

/**
 * Which build of the console this is, shown at its foot so staff can say what they run: ADMIN_BUILD_ID
 * when the release sets it, else the commit and the build date.
 */
function buildId() {
  if (process.env.ADMIN_BUILD_ID) return process.env.ADMIN_BUILD_ID;
  let commit = '';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: __dirname, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    // not a git checkout (a release tarball, a Docker build without .git)
  }
  return [commit, new Date().toISOString().slice(0, 10)].filter(Boolean).join(' · ');
}

module.exports = createConfig({
  name: 'admin',
  dir: __dirname,
  // The standalone page (src/index.ts, dev user) exists for development only; the production
  // build emits just the federation container that the storefront mounts.
  entry: isProd ? undefined : './src/index.ts',
  port,
  isProd,
  define: { __ADMIN_BUILD__: JSON.stringify(isProd ? buildId() : 'development') },
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
