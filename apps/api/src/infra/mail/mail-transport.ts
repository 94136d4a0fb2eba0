export interface MailAddress {
  name: string;
  address: string;
}

/** One plain-text e-mail. The transport encodes names and subject (no header injection through them). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: MailAddress;
}

/** Where e-mail goes: SMTP when SMTP_URL is set, otherwise the log. Tests swap in their own. */
export interface MailTransport {
  /** Short name for logs ("smtp", "log"). */
  readonly kind: string;
  send(message: MailMessage): Promise<void>;
  close?(): void;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');
