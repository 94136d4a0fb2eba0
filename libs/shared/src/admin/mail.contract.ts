/** Where an e-mail of the outbox stands: waiting (or retrying), sent, or given up after every attempt. */
export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** An e-mail of the outbox as staff see it (`GET /api/admin/mail`). */
export interface AdminMail {
  id: number;
  /** What it is: staff-inquiry, listing-rejected, … */
  kind: string;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  /** When the next attempt is due (pending only). */
  nextAttemptAt: string | null;
  sentAt: string | null;
  createdAt: string;
}

/** `GET /api/admin/mail?status=failed|pending|sent`: the newest 100 of that status and the count of each. */
export interface AdminMailList {
  counts: Record<MailStatus, number>;
  messages: AdminMail[];
}
