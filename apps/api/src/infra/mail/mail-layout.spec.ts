import { Logger } from '@nestjs/common';
import { LogMailTransport } from './log.transport';
import type { MailMessage, MailTransport } from './mail-transport';
import { MailService } from './mail.service';

const message: MailMessage = {
  to: 'staff@example.com',
  subject: 'Buyer inquiry',
  text: 'Is it still available?',
  replyTo: { name: 'Jane Doe', address: 'jane@example.com' },
};

describe('MailService', () => {
  afterEach(() => jest.restoreAllMocks());

  it('sends in the background: a failing transport neither throws nor rejects, and the failure is logged', async () => {
    const failing: MailTransport = { kind: 'test', send: jest.fn().mockRejectedValue(new Error('connection refused')) };
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const mail = new MailService(failing);
    expect(() => mail.sendInBackground(message, 'the test mail')).not.toThrow();
    await mail.settled();
    expect(failing.send).toHaveBeenCalledWith(message);
    expect(logged).toHaveBeenCalledWith('Could not send the test mail via test: connection refused');
  });

  it('waits for sends under way at shutdown, then closes the transport', async () => {
    let finish: () => void = () => undefined;
    const slow: MailTransport = { kind: 'test', send: () => new Promise<void>((resolve) => (finish = resolve)), close: jest.fn() };
    const mail = new MailService(slow);
    mail.sendInBackground(message, 'the slow mail');
    const shutdown = mail.onApplicationShutdown();
    expect(slow.close).not.toHaveBeenCalled();
    finish();
    await shutdown;
    expect(slow.close).toHaveBeenCalledTimes(1);
  });
});

describe('LogMailTransport', () => {
  it('writes the whole e-mail to the log instead of sending it', async () => {
    const logged = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    await new LogMailTransport().send(message);
    expect(logged).toHaveBeenCalledWith(
      'E-mail not sent (SMTP_URL is not set)\nTo: staff@example.com\nReply-To: Jane Doe <jane@example.com>\nSubject: Buyer inquiry\n\nIs it still available?',
    );
    logged.mockRestore();
  });
});
