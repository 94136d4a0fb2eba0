import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { Repository } from 'typeorm';
import type { DeskInbound } from '@app/shared';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { InboundMailEntity } from './entities/inbound-mail.entity';
import { LeadsService } from './leads.service';
import { readReplyAddress } from './reply-token';

/** The largest message the receiver takes (bytes): buyers answer in text; attachments beyond this are refused. */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;
const MAX_BODY_CHARS = 20_000;

export type InboundOutcome = 'threaded' | 'kept' | 'dropped';

/**
 * The app's own inbound mail receiver (SMTP with `smtp-server` on INBOUND_SMTP_PORT, off by default): a buyer's
 * answer to a lead's reply address joins that lead's thread; a reply address with a forged tag or an unknown
 * lead is refused at RCPT (550), dropped and counted; mail to any other address of ours is kept for staff.
 */
@Injectable()
export class InboundMailService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(InboundMailService.name);
  private server: SMTPServer | null = null;
  private droppedCount = 0;

  constructor(
    @InjectRepository(InboundMailEntity) private readonly unmatched: Repository<InboundMailEntity>,
    private readonly leads: LeadsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const settings = this.config.desk.inboundSmtp;
    if (!settings) return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      size: MAX_MESSAGE_BYTES,
      banner: `${this.config.site.name} inbound mail`,
      onRcptTo: (address, _session, callback) => {
        const read = readReplyAddress(this.config.session.secret, address.address, this.config.desk.inboundDomain);
        if (read.kind === 'forged') {
          this.drop(address.address, 'forged reply address');
          return callback(Object.assign(new Error('No such recipient'), { responseCode: 550 }));
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_MESSAGE_BYTES) chunks.push(chunk);
        });
        stream.on('end', () => {
          if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
            return callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          }
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          const to = session.envelope.rcptTo.map((r) => r.address);
          this.receive(Buffer.concat(chunks), from, to).then(
            () => callback(),
            (error: Error) => {
              this.logger.error(`Inbound mail could not be stored: ${error.message}`);
              callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
            },
          );
        });
      },
    });
    server.on('error', (error) => this.logger.error(`Inbound SMTP: ${error.message}`));
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(settings.port, settings.host, () => resolve());
    });
    this.server = server;
    this.logger.log(`Inbound SMTP receiver on ${settings.host}:${this.port()}`);
  }

  /** The port the receiver listens on (INBOUND_SMTP_PORT, or the one the system chose for port 0). */
  port(): number | null {
    const address = this.server?.server.address();
    return typeof address === 'object' && address ? address.port : null;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * One received message for these envelope recipients: threaded onto each lead whose signed reply address it
   * was sent to (the quoted earlier mail cut off), dropped and counted for a lead that does not exist, kept
   * for staff when it went to no reply address of ours.
   */
  async receive(raw: Buffer, envelopeFrom: string, recipients: readonly string[]): Promise<InboundOutcome> {
    const parsed = await simpleParser(raw);
    const from = firstAddress(parsed.from) ?? envelopeFrom;
    const text = (parsed.text ?? '').replace(/\r\n/g, '\n').trim();
    let threaded = false;
    let forged = false;
    for (const recipient of recipients) {
      const read = readReplyAddress(this.config.session.secret, recipient, this.config.desk.inboundDomain);
      if (read.kind === 'forged') forged = true;
      if (read.kind !== 'lead') continue;
      if (await this.leads.receiveBuyerMail(read.leadId, from, answerOnly(text).slice(0, MAX_BODY_CHARS) || '(empty message)')) threaded = true;
      else {
        this.drop(recipient, 'unknown lead');
        forged = true;
      }
    }
    if (threaded) return 'threaded';
    if (forged) return 'dropped';
    await this.unmatched.insert({
      fromAddress: from.slice(0, 254),
      toAddress: recipients.join(', ').slice(0, 500),
      subject: (parsed.subject ?? '(no subject)').slice(0, 250),
      body: text.slice(0, MAX_BODY_CHARS),
    });
    return 'kept';
  }

  /** GET /api/desk/inbound: mail kept for staff (newest first) and the dropped count since this process started. */
  async list(): Promise<DeskInbound> {
    const rows = await this.unmatched.find({ order: { id: 'DESC' }, take: 100 });
    return {
      items: rows.map((r) => ({ id: r.id, from: r.fromAddress, to: r.toAddress, subject: r.subject, body: r.body, receivedAt: r.receivedAt.toISOString() })),
      dropped: this.droppedCount,
    };
  }

  dropped(): number {
    return this.droppedCount;
  }

  private drop(address: string, why: string): void {
    this.droppedCount += 1;
    this.logger.warn(`Dropped inbound mail to ${address.replace(/-[a-z0-9_-]{16}@/i, '-…@')}: ${why}`);
  }
}

function firstAddress(value: AddressObject | AddressObject[] | undefined): string | undefined {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a) => a.value).find((a) => a.address)?.address;
}

/** The buyer's new text: what comes before the quoted earlier mail ("On … wrote:" and "> " lines). */
export function answerOnly(text: string): string {
  const lines = text.split('\n');
  const cut = lines.findIndex((line, i) => /^On .+wrote:\s*$/.test(line) || (line.startsWith('>') && lines.slice(i).every((l) => l.startsWith('>') || l.trim() === '')));
  return (cut === -1 ? lines : lines.slice(0, cut)).join('\n').trim();
}
