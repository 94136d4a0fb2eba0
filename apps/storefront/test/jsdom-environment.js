// jsdom without the fetch-era globals Node has (Response, TextEncoder, …): lend Node's own to the tests.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = ['TextEncoder', 'TextDecoder', 'Response', 'Request', 'Headers', 'ReadableStream', 'AbortController', 'AbortSignal', 'structuredClone'];

class StorefrontEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
  }
}

module.exports = StorefrontEnvironment;
