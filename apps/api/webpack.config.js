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

/**
 * swc compiles the API as jest does (decorators with their metadata, which Nest's injection, class-validator and
 * TypeORM read), in place of Nest's ts-loader; the type check that Nest's defaults run beside the build
 * (fork-ts-checker) is left to `npm run typecheck` and the test command's tsc stages. The build took 48 s of CPU
 * with both, most of it type checking the API a second time.
 */
const swcRule = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
        keepClassNames: true,
      },
      // CommonJS, as ts-loader emitted: webpack reads an ES module's createRequire(__filename).resolve(…) as a
      // bundled module id, where the vPIC database's path must stay Node's own resolution (vpic-db.ts).
      module: { type: 'commonjs' },
    },
  },
};

module.exports = (options) => ({
  ...options,
  module: { ...options.module, rules: [swcRule] },
  plugins: options.plugins.filter((plugin) => plugin.constructor.name !== 'ForkTsCheckerWebpackPlugin'),
  externals: [
    nodeExternals({
      modulesDir: path.resolve(__dirname, '../../node_modules'),
      allowlist: [/^@app\//, ...ownPackages().map((name) => new RegExp(`^${escape(name)}(/|$)`))],
    }),
  ],
  output: { ...options.output, path: path.resolve(__dirname, '../../dist/apps/api'), filename: 'main.js' },
});
