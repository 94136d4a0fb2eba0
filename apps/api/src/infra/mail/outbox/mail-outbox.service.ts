import { ConflictException, Inject, Injectable, Logger, NotFoundException, OnApplicationBootstrap, OnApplicationShutdown, Optional } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectRepository } from '@nestjs/typeorm';
import type { AdminMail, AdminMailList, MailStatus } from '@app/shared';
import { EntityManager, LessThan, LessThanOrEqual, MoreThan, Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobLockService } from '../../jobs/job-lock.service';
import { Metrics } from '../../metrics/metrics.service';
import { MAIL_TRANSPORT, type MailMessage, type MailTransport } from '../mail-transport';
import { MailOutboxEntity } from './mail-outbox.entity';

export const MAIL_OUTBOX_JOB = 'mail-outbox';

/**
 * Account mail: what an address gets before it is verified (DECISIONS.md, turn 3). Its verification link, a
 * reset link, an e-mail-change link (to the new address), the notice of a change (to the old one) and the
 * notice that someone tried to register with it. Every other kind (alerts, notices to sellers, buyers'
 * messages) goes only to an address that no unverified account uses.
 */
export const ACCOUNT_MAIL_KINDS: ReadonlySet<string> = new Set(['email-verify', 'password-reset', 'email-change', 'email-changed', 'registration-attempt']);
const BATCH = 20;
const MAX_DELAY_MS = 60 * 60 * 1000;
const KEEP_SENT_DAYS = 30;
const ADMIN_LIST_LIMIT = 100;
const SHUTDOWN_WAIT_MS = 10_000;

/**
 * Every e-mail the product sends goes through here. `enqueue` writes it in the caller's transaction; a worker
 * on every instance looks for due messages every MAIL_POLL_MS and sends them one instance at a time (the
 * job lock), oldest first. A failed send is tried again after MAIL_RETRY_BASE_SECONDS, doubling each time up
 * to an hour; after MAIL_MAX_ATTEMPTS it is marked failed, listed for staff, who can send it again. When one
 * send fails the rest of the batch waits for the next tick without spending an attempt (the server is down:
 * no need to time out once per message). Sent messages are kept 30 days.
 */
@Injectable()
export class MailOutbox implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MailOutbox.name);
  private delivering: Promise<number> | null = null;

  constructor(
    @InjectRepository(MailOutboxEntity) private readonly rows: Repository<MailOutboxEntity>,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    private readonly lock: JobLockService,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  onApplicationBootstrap(): void {
    this.scheduler.addInterval(MAIL_OUTBOX_JOB, setInterval(() => void this.deliverDue(), this.config.mail.pollMs));
    this.metrics?.registerMailOutbox(() => this.counts());
  }

  /**
   * Queues `message` in `manager`'s transaction: it leaves only if that transaction commits. The one recipient
   * rule: anything but account mail (ACCOUNT_MAIL_KINDS) to the address of an account that has not verified it
   * is refused: nothing is queued, and the answer is false (a caller that records what it sent records nothing).
   */
  async enqueue(manager: EntityManager, kind: string, message: MailMessage): Promise<boolean> {
    if (!ACCOUNT_MAIL_KINDS.has(kind) && (await this.isUnverifiedAccount(manager, message.to))) {
      this.logger.log(`Not sending ${kind} e-mail: the recipient's account has not verified its address`);
      return false;
    }
    await manager.insert(MailOutboxEntity, {
      kind,
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      replyTo: message.replyTo ?? null,
      headers: message.headers ?? null,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(),
    });
    return true;
  }

  /** How many e-mails of `kind` were queued for `recipient` in the last `withinMs` (a cap on notices a stranger can cause). */
  countRecent(manager: EntityManager, kind: string, recipient: string, withinMs: number): Promise<number> {
    return manager.countBy(MailOutboxEntity, { kind, recipient, createdAt: MoreThan(new Date(Date.now() - withinMs)) });
  }

  /** Whether an account uses this address without having verified it (read from the users table, by address). */
  private async isUnverifiedAccount(manager: EntityManager, recipient: string): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT id FROM users WHERE email = ? AND emailVerifiedAt IS NULL', [recipient.trim().toLowerCase()]);
    return rows.length > 0;
  }

  /** One tick of the worker: sends what is due, under the lock. Answers how many were sent. */
  deliverDue(): Promise<number> {
    if (this.delivering) return this.delivering.then(() => 0);
    const run = async () => {
      let sent = 0;
      await this.lock.runExclusive(MAIL_OUTBOX_JOB, async () => {
        sent = await this.sendBatches();
        await this.rows.delete({ status: 'sent', sentAt: LessThan(new Date(Date.now() - KEEP_SENT_DAYS * 86_400_000)) });
      });
      return sent;
    };
    this.delivering = run().finally(() => (this.delivering = null));
    return this.delivering;
  }

  /** A send under way at shutdown gets a few seconds (what it leaves unsent stays queued); then the transport closes. */
  async onApplicationShutdown(): Promise<void> {
    if (this.delivering) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.delivering, new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_WAIT_MS)))]);
      clearTimeout(timer);
    }
    this.transport.close?.();
  }

  /** Ticks until nothing is due (a failed send is due again only after its back-off): for tests. */
  async drain(): Promise<void> {
    for (let tick = 0; tick < 100; tick += 1) {
      await this.deliverDue();
      if ((await this.rows.countBy({ status: 'pending', nextAttemptAt: LessThanOrEqual(new Date()) })) === 0) return;
    }
  }

  private async sendBatches(): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = await this.rows.find({ where: { status: 'pending', nextAttemptAt: LessThanOrEqual(new Date()) }, order: { id: 'ASC' }, take: BATCH });
      for (const row of due) {
        if (!(await this.attempt(row))) return sent;
        sent += 1;
      }
      if (due.length < BATCH) return sent;
    }
  }

  private async attempt(row: MailOutboxEntity): Promise<boolean> {
    const attempts = row.attempts + 1;
    try {
      await this.transport.send({
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        ...(row.headers ? { headers: row.headers } : {}),
      });
      await this.rows.update({ id: row.id }, { status: 'sent', attempts, sentAt: new Date(), lastError: null });
      return true;
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const failed = attempts >= this.config.mail.maxAttempts;
      const delay = Math.min(MAX_DELAY_MS, this.config.mail.retryBaseMs * 2 ** (attempts - 1));
      await this.rows.update({ id: row.id }, { status: failed ? 'failed' : 'pending', attempts, lastError: message, nextAttemptAt: new Date(Date.now() + delay) });
      const next = failed ? 'gave up' : `next try in ${Math.round(delay / 1000)} s`;
      this.logger.error(`Could not send ${row.kind} e-mail #${row.id} via ${this.transport.kind} (attempt ${attempts}, ${next}): ${message}`);
      return false;
    }
  }

  /** Messages by status, for the admin console: newest first, failed ones unless another status is asked. */
  async list(status: MailStatus = 'failed'): Promise<AdminMailList> {
    const [rows, counts] = await Promise.all([this.rows.find({ where: { status }, order: { id: 'DESC' }, take: ADMIN_LIST_LIMIT }), this.counts()]);
    return { counts, messages: rows.map(toAdminMail) };
  }

  /** Sends a failed message again from the first attempt: 404 unknown, 409 when it has not failed. */
  async retry(id: number): Promise<AdminMail> {
    const { affected } = await this.rows.update({ id, status: 'failed' }, { status: 'pending', attempts: 0, nextAttemptAt: new Date() });
    const row = await this.rows.findOneBy({ id });
    if (!row) throw new NotFoundException('E-mail not found');
    if (!affected) throw new ConflictException(`Only a failed e-mail can be sent again (this one is ${row.status})`);
    return toAdminMail(row);
  }

  async counts(): Promise<Record<MailStatus, number>> {
    const rows = (await this.rows.createQueryBuilder('m').select('m.status', 'status').addSelect('COUNT(*)', 'count').groupBy('m.status').getRawMany()) as { status: MailStatus; count: string | number }[];
    const counts: Record<MailStatus, number> = { pending: 0, sent: 0, failed: 0 };
    for (const { status, count } of rows) counts[status] = Number(count);
    return counts;
  }
}

function toAdminMail(row: MailOutboxEntity): AdminMail {
  return {
    id: row.id,
    kind: row.kind,
    to: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
