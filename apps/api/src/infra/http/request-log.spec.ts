import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { LogMailTransport } from '../mail/log.transport';
import { redactUrl, redactUrlsIn, requestLoggerOptions } from './request-log';

describe('redactUrl', () => {
  it.each([
    ['/reset-password?token=abc123', '/reset-password?token=[REDACTED]'],
    ['/api/searches/unsubscribe?token=s3cr3t.sig&x=1', '/api/searches/unsubscribe?token=[REDACTED]&x=1'],
    ['/confirm-email?utm=mail&Token=abc', '/confirm-email?utm=mail&Token=[REDACTED]'],
    ['/x?%74oken=abc', '/x?%74oken=[REDACTED]'],
    ['/x?resetToken=abc&password=hunter2', '/x?resetToken=[REDACTED]&password=[REDACTED]'],
    ['/search?make=porsche&page=2', '/search?make=porsche&page=2'],
    ['/x?%E0%A4%A=1&token=abc', '/x?%E0%A4%A=1&token=[REDACTED]'],
    ['/plain', '/plain'],
  ])('%s → %s', (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });
});

describe('the request log', () => {
  it('writes no link token, for the request line and for the completion line', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { ...requestLoggerOptions('info'), stream } });
    app.get('/reset-password', async () => 'ok');
    app.get('/api/searches/unsubscribe', async () => 'ok');
    await app.inject({ method: 'GET', url: '/reset-password?token=Sup3rSecretResetToken' });
    await app.inject({ method: 'GET', url: '/api/searches/unsubscribe?token=Sup3rSecretUnsubscribe', headers: { cookie: 'session=Sup3rSecretCookie' } });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/reset-password?token=[REDACTED]');
    expect(log).toContain('/api/searches/unsubscribe?token=[REDACTED]');
    expect(log).not.toContain('Sup3rSecret');
  });
});

describe('e-mails written to the log (no SMTP_URL)', () => {
  it('keep their links but not the links\' tokens', async () => {
    expect(redactUrlsIn('Choose a new password: https://cars.example.com/reset-password?token=abc_DEF-1.\nSee https://cars.example.com/search?make=bmw')).toBe(
      'Choose a new password: https://cars.example.com/reset-password?token=[REDACTED]\nSee https://cars.example.com/search?make=bmw',
    );
    const logged: string[] = [];
    const transport = new LogMailTransport();
    (transport as unknown as { logger: { log: (m: string) => void } }).logger = { log: (m: string) => logged.push(m) };
    await transport.send({ to: 'a@example.com', subject: 'Verify', text: 'Open https://cars.example.com/verify-email?token=Sup3rSecretVerify to verify.' });
    expect(logged.join('')).toContain('/verify-email?token=[REDACTED]');
    expect(logged.join('')).not.toContain('Sup3rSecret');
  });
});
