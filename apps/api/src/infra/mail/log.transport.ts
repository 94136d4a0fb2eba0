import { Logger } from '@nestjs/common';
import { redactUrlsIn } from '../http/request-log';
import type { MailMessage, MailTransport } from './mail-transport';

/**
 * Without SMTP_URL (development, tests): each e-mail is written to the log instead of being sent, with the
 * tokens of its links redacted (no token ever reaches a log; to follow a link, point SMTP_URL at a mail catcher).
 */
export class LogMailTransport implements MailTransport {
  readonly kind = 'log';
  private readonly logger = new Logger('Mail');

  async send(message: MailMessage): Promise<void> {
    const replyTo = message.replyTo ? `\nReply-To: ${message.replyTo.name} <${message.replyTo.address}>` : '';
    this.logger.log(`E-mail not sent (SMTP_URL is not set)\nTo: ${message.to}${replyTo}\nSubject: ${message.subject}\n\n${redactUrlsIn(message.text)}`);
  }
}
