// Nest CLI (monorepo mode) bundles the API with webpack: libs/ are bundled, node_modules stay external.
const nodeExternals = require('webpack-node-externals');
const { existsSync, readdirSync } = require('node:fs');
const path = require('node:path');

/**
 * Packages npm installed under apps/api/node_modules: the API's own versions of packages the root holds at
 * another version (lru-cache 11 beside a tool's lru-cache 5). They are bundled from there, as jest and the
 * type checker resolve them; left external, dist/apps/api/main.js would load the root's at run time.
 */
function ownPackages() {
  const dir = path.resolve(__dirname, 'node_modules');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => (name.startsWith('@') ? readdirSync(path.join(dir, name)).map((sub) => `${name}/${sub}`) : [name]));
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

module.exports = (options) => ({
  ...options,
  externals: [
    nodeExternals({
      modulesDir: path.resolve(__dirname, '../../node_modules'),
      allowlist: [/^@app\//, ...ownPackages().map((name) => new RegExp(`^${escape(name)}(/|$)`))],
    }),
  ],
  output: { ...options.output, path: path.resolve(__dirname, '../../dist/apps/api'), filename: 'main.js' },
});
