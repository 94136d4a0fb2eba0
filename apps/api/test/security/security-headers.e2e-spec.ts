import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../support/test-app';

const INDEX_HTML = '<!doctype html><html lang="en"><head><title>Shop</title></head><body><div id="root"></div></body></html>';
const PATHS = ['/', '/faq', '/vehicles/123456', '/no-such-page', '/api/config', '/api/vehicles/999999', '/%E0%A4%A'];

describe('security headers', () => {
  let staticDir: string;

  beforeAll(() => {
    staticDir = mkdtempSync(join(tmpdir(), 'cm-storefront-'));
    writeFileSync(join(staticDir, 'index.html'), INDEX_HTML);
  });
  afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

  describe('outside production', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ STATIC_DIR: staticDir });
    });
    afterAll(async () => {
      await t.close();
    });

    it('sends Permissions-Policy on pages and answers, no X-XSS-Protection and no HSTS', async () => {
      for (const path of PATHS) {
        const res = await t.client().get(path);
        const headers = Object.fromEntries(res.headers);
        expect({ path, policy: headers['permissions-policy'] }).toEqual({ path, policy: expect.stringContaining('camera=()') });
        expect(headers['permissions-policy']).toContain('geolocation=()');
        expect(headers['permissions-policy']).toContain('microphone=()');
        expect(headers['permissions-policy']).not.toContain('web-share');
        expect({ path, xss: headers['x-xss-protection'] }).toEqual({ path, xss: undefined });
        expect({ path, hsts: headers['strict-transport-security'] }).toEqual({ path, hsts: undefined });
        expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(headers['content-security-policy']).toContain("script-src 'self';");
        expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
        expect(headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('keeps the headers on a refused cross-site request (403)', async () => {
      const res = await t.client().post('/api/vehicles', {}, { headers: { origin: 'https://evil.example' } });
      expect(res.status).toBe(403);
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      expect(res.headers.get('x-xss-protection')).toBeNull();
    });
  });

  describe('with the admin console on its own server (ADMIN_REMOTE_URL)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ STATIC_DIR: staticDir, ADMIN_REMOTE_URL: 'http://127.0.0.1:4555/remoteEntry.js' });
    });
    afterAll(async () => {
      await t.close();
    });

    it("lets pages run the console's code, styles, fonts and images from that origin, and nothing else from it", async () => {
      const csp = Object.fromEntries(
        ((await t.client().get('/admin')).headers.get('content-security-policy') ?? '')
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      for (const directive of ['script-src', 'style-src', 'font-src', 'img-src', 'connect-src']) {
        expect({ directive, values: csp[directive] }).toEqual({ directive, values: expect.arrayContaining(["'self'", 'http://127.0.0.1:4555']) });
      }
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect((await t.client().get('/api/config')).body.adminRemoteUrl).toBe('http://127.0.0.1:4555/remoteEntry.js');
    });
  });

  describe('in production', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ STATIC_DIR: staticDir, NODE_ENV: 'production' });
    });
    afterAll(async () => {
      await t.close();
    });

    it('adds HSTS (a year, subdomains) and upgrade-insecure-requests, still without X-XSS-Protection', async () => {
      for (const path of PATHS) {
        const res = await t.client().get(path);
        expect({ path, hsts: res.headers.get('strict-transport-security') }).toEqual({ path, hsts: 'max-age=31536000; includeSubDomains' });
        expect(res.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
        expect(res.headers.get('permissions-policy')).toContain('camera=()');
        expect(res.headers.get('x-xss-protection')).toBeNull();
      }
    });
  });
});
