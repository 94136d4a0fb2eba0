// Nest CLI (monorepo mode) bundles the API with webpack: libs/ are bundled, node_modules stay external.
const nodeExternals = require('webpack-node-externals');
const path = require('node:path');

module.exports = (options) => ({
  ...options,
  externals: [nodeExternals({ modulesDir: path.resolve(__dirname, '../../node_modules'), allowlist: [/^@app\//] })],
  output: { ...options.output, path: path.resolve(__dirname, '../../dist/apps/api'), filename: 'main.js' },
});
