// A real SMTP server on loopback for the browser tests (the `smtp-server` package): keeps each message as
// received; `refusing` makes it refuse every recipient with 550 until turned off.
const { SMTPServer } = require('smtp-server');
const { startApiServer } = require('../scripts/lib/api-server');
const { openBrowser } = require('./lib');

async function startMailServer() {
  const received = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 200,
    onRcptTo(_address, _session, callback) {
      callback(state.refusing ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : undefined);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    received,
    /** Refuse (true) or accept (false) every recipient from now on. */
    refuse(on) {
      state.refusing = on;
    },
    /** The first message matching `predicate` to arrive within `timeoutMs`. */
    async waitFor(predicate, timeoutMs = 20_000) {
      const started = Date.now();
      for (;;) {
        const found = received.find(predicate);
        if (found) return found;
        if (Date.now() - started > timeoutMs) throw new Error(`no matching e-mail within ${timeoutMs} ms (${received.length} received)`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The first link to `path` (e.g. '/reset-password') in a received message, quoted-printable undone. */
function linkIn(mail, path) {
  const text = mail.raw.replace(/=\r\n/g, '').replace(/=3D/g, '=');
  return new RegExp(`(${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?token=[\\w.~-]+)`).exec(text)?.[1];
}

/**
 * What the account and alert tests run against: a mail server of their own, the built API mailing through it
 * (no demo data, staff mail to staff@example.com; `env` adds to or overrides that) and a browser on the API.
 */
async function startMailedApp(env = {}) {
  const smtp = await startMailServer();
  const server = await startApiServer({
    listings: false,
    env: { RATE_LIMIT_PER_MINUTE: '100000', SEED_DEMO: 'false', STAFF_EMAIL: 'staff@example.com', SMTP_URL: smtp.url, MAIL_POLL_MS: '200', ...env },
  });
  const browser = await openBrowser({ baseURL: server.baseUrl });
  return { smtp, server, browser };
}

module.exports = { startMailServer, startMailedApp, linkIn };
