const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { SERVER_NODE_OPTIONS } = require('./server-node-options');

const root = join(__dirname, '..', '..');

describe('SERVER_NODE_OPTIONS', () => {
  it("is how the Dockerfile's API image and npm run start:prod start the server", () => {
    const cmd = readFileSync(join(root, 'Dockerfile'), 'utf8').match(/^CMD (\[.*"dist\/apps\/api\/main\.js"\])$/m);
    expect(cmd).not.toBeNull();
    expect(JSON.parse(cmd[1])).toEqual(['node', ...SERVER_NODE_OPTIONS, 'dist/apps/api/main.js']);
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(scripts['start:prod']).toBe(['node', ...SERVER_NODE_OPTIONS, 'dist/apps/api/main.js'].join(' '));
  });
});
