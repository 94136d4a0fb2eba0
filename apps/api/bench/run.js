#!/usr/bin/env node
// `npm run bench:search`, `npm run bench:pricing`, `npm run bench:photos`, `npm run test:cluster` and `npm run bench:cluster`: run the TypeScript benches (and its server child) straight from the sources,
// compiled on load with @swc/core (the compiler the tests use); no build step.
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { join } = require('node:path');
const { transformSync } = require('@swc/core');

// `@app/shared/<path>` (a module of libs/shared outside its index), as tsconfig's paths and jest map it.
const sharedSrc = join(__dirname, '..', '..', '..', 'libs', 'shared', 'src');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, request.startsWith('@app/shared/') ? join(sharedSrc, request.slice('@app/shared/'.length)) : request, ...rest);
};

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};

require('reflect-metadata');
const BENCHES = { '--serve': './serve.ts', counts: './counts-bench.ts', pricing: './pricing-bench.ts', cluster: './cluster-test.ts', photos: './photos-bench.ts' };
require(BENCHES[process.argv[2]] ?? './search-bench.ts');
