const { createConfig, sharedDeps, API_URL } = require('../../webpack.config.base');
const pkg = require('./package.json');

const isProd = process.env.NODE_ENV === 'production';

module.exports = createConfig({
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
