export interface MailAddress {
  name: string;
  address: string;
}

/**
 * One e-mail: plain text, and an HTML alternative when it has one (mail-layout.ts makes both). The transport
 * encodes names, subject and headers (no header injection through them).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: MailAddress;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on alerts. */
  headers?: Record<string, string>;
}

/** Where e-mail goes: SMTP when SMTP_URL is set, otherwise the log. Tests swap in their own. */
export interface MailTransport {
  /** Short name for logs ("smtp", "log"). */
  readonly kind: string;
  send(message: MailMessage): Promise<void>;
  close?(): void;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');
