'use strict';
// Issue 27, parts 1 and 2: account takeover through a stale e-mail-change link, links that outlive a change of
// credentials, tokens in the log, and registration telling who has an account. Starts its own built server
// (SQLite, no demo data) with a loopback SMTP server (smtp-server + mailparser) to read the links it mails, and
// reads that server's whole output (LOG_LEVEL=info) to check no link token ever reached it.

const { randomBytes } = require('node:crypto');
const { freePort } = require('../../lib/api-server');
const { SMTPServer } = require('smtp-server');
const { simpleParser } = require('mailparser');


async function startSmtpSink() {
  const mails = [];
  const port = await freePort();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject: parsed.subject ?? '', text: parsed.text ?? '' }))
        .then(() => callback(), callback);
    },
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A browser tab: keeps its cookies. */
function client(baseUrl) {
  const cookies = new Map();
  return async (method, path, body) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, body: json, text, setCookie: response.headers.getSetCookie().length > 0 };
  };
}

module.exports = {
  name: 'account recovery and verified addresses',
  async run({ startApiServer }) {
    const checks = [];
    const check = (title, ok, detail) => checks.push({ title, ok: Boolean(ok), ...(detail ? { detail: String(detail).slice(0, 300) } : {}) });
    const smtp = await startSmtpSink();
    let output = '';
    const server = await startApiServer({
      env: { SEED_DEMO: 'false', SMTP_URL: smtp.url, STAFF_EMAIL: 'staff@example.com', MAIL_POLL_MS: '100', LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '100000', PUBLIC_URL: 'https://cars.example.com' },
      listings: false,
      onLog: (child) => {
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
      },
    });
    const tokens = [];
    /** The token of the newest e-mail to `to` whose link goes to `path` (waits up to 15 s). */
    const linkTo = async (to, path, after = 0) => {
      const pattern = new RegExp(`${path}\\?token=([\\w-]+)`);
      for (let i = 0; i < 300; i += 1) {
        const mail = smtp.mails.slice(after).reverse().find((m) => m.to.includes(to) && pattern.test(m.text));
        if (mail) {
          const token = pattern.exec(mail.text)[1];
          tokens.push(token);
          return token;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no ${path} link mailed to ${to}`);
    };
    try {
      const { baseUrl } = server;
      const email = `owner-${randomBytes(4).toString('hex')}@example.com`;
      const attackerEmail = `attacker-${randomBytes(4).toString('hex')}@example.net`;
      const password = 'an-owner-passphrase-2026';
      const owner = client(baseUrl);

      // Registration: signed in, unverified, a verification link mailed.
      const registered = await owner('POST', '/api/register', { email, password, firstName: 'Olive', lastName: 'Owner' });
      check('registration signs in with the address unverified', registered.status === 201 && registered.body?.emailVerified === false, `${registered.status} ${registered.text}`);
      const verifyToken = await linkTo(email, '/verify-email');

      // Registration with that address by someone else: answered alike, nobody signed in, the owner mailed.
      const stranger = client(baseUrl);
      const taken = await stranger('POST', '/api/register', { email: email.toUpperCase(), password: 'a-strangers-passphrase-7', firstName: 'Eve', lastName: 'X' });
      check(
        'registering an address that has an account answers as a new registration (201, same fields, a cookie)',
        taken.status === 201 && taken.setCookie && JSON.stringify(Object.keys(taken.body ?? {}).sort()) === JSON.stringify(Object.keys(registered.body ?? {}).sort()),
        `${taken.status} ${taken.text}`,
      );
      check('…and signs nobody into the existing account', (await stranger('GET', '/api/user')).status === 401);
      const noticed = () => smtp.mails.some((m) => m.to.includes(email) && /tried to create/.test(m.subject));
      for (let i = 0; i < 300 && !noticed(); i += 1) await new Promise((r) => setTimeout(r, 50));
      check('…and mails the owner instead', noticed());

      // The takeover: with brief access, the attacker asks to move the account to his address.
      const asked = await owner('POST', '/api/user/email', { email: attackerEmail, password });
      check('an e-mail change is accepted for the probe (202)', asked.status === 202, `${asked.status} ${asked.text}`);
      const stale = await linkTo(attackerEmail, '/confirm-email');
      const mailsBefore = smtp.mails.length;
      await owner('POST', '/api/auth/forgot-password', { email });
      const resetLink = await linkTo(email, '/reset-password', mailsBefore);
      // The owner changes the password.
      const changed = await owner('POST', '/api/user/password', { currentPassword: password, newPassword: 'a-fresh-owner-passphrase-27' });
      check('the owner changes the password (204)', changed.status === 204, `${changed.status} ${changed.text}`);
      const confirm = await client(baseUrl)('POST', '/api/auth/confirm-email', { token: stale });
      check("the attacker's e-mail-change link no longer confirms the move after the password change", confirm.status === 400, `${confirm.status} ${confirm.text}`);
      const reset = await client(baseUrl)('POST', '/api/auth/reset-password', { token: resetLink, password: 'the-attackers-passphrase-9' });
      check('a reset link mailed before the password change no longer works', reset.status === 400, `${reset.status} ${reset.text}`);
      const me = await owner('GET', '/api/user');
      check('the account keeps its address', me.body?.email === email, me.text);
      const verify = await client(baseUrl)('POST', '/api/auth/verify-email', { token: verifyToken });
      check('the verification link mailed before the password change is void too', verify.status === 400, `${verify.status} ${verify.text}`);

      // Nothing secret in the log: the links' tokens, and a token in a page address.
      const pageToken = randomBytes(24).toString('base64url');
      await fetch(`${baseUrl}/reset-password?token=${pageToken}`);
      await fetch(`${baseUrl}/api/searches/unsubscribe?token=1.${pageToken}x`);
      await new Promise((r) => setTimeout(r, 300));
      const leaked = [...tokens, pageToken].filter((token) => output.includes(token));
      check('no link token reaches the server log', output.includes('request completed') && leaked.length === 0, leaked.length ? `${leaked.length} token(s) in the log` : 'the log holds no request lines');
    } finally {
      await server.stop();
      await smtp.close();
    }
    return { checks };
  },
};
