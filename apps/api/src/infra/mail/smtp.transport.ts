import { createTransport } from 'nodemailer';
import type { MailMessage, MailTransport } from './mail-transport';

/** Sending over SMTP (nodemailer) to the server of SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465. */
export class SmtpMailTransport implements MailTransport {
  readonly kind = 'smtp';
  private readonly transporter;

  constructor(url: string, private readonly from: string) {
    // Bounded waits: a slow or silent server fails the send after seconds, never holds it for minutes.
    this.transporter = createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transporter.sendMail({ from: this.from, ...message });
  }

  close(): void {
    this.transporter.close();
  }
}
