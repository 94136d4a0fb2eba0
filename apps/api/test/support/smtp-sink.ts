import { simpleParser, type ParsedMail } from 'mailparser';
import { createServer, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  from: string;
  to: string[];
  /** The message as received: headers, blank line, body. */
  raw: string;
  /** mailparser's reading of it: subject, text and html parts, headers. */
  parsed: ParsedMail;
}

export interface SmtpSink {
  url: string;
  port: number;
  mails: SunkMail[];
  /** Resolves once `count` messages have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<SunkMail[]>;
  /** The first message that arrived after the first `skip` and matches (waits up to `timeoutMs`). */
  waitForMatch(predicate: (mail: SunkMail) => boolean, skip?: number, timeoutMs?: number): Promise<SunkMail>;
  /** Connections seen so far (also the silent ones). */
  connections(): number;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** A port to listen on (e.g. the port of a sink that was closed: the mail server comes back). */
  port?: number;
  /** Refuse every recipient with this SMTP reply code (550: permanent, 451: temporary). */
  refuseWith?: number;
}

/**
 * A real SMTP server on loopback for the tests (the `smtp-server` package, messages read with `mailparser`):
 * 'accept' keeps each message; 'silent' accepts connections and never answers (a hung mail server).
 */
export async function startSmtpSink(mode: 'accept' | 'silent' = 'accept', options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const mails: SunkMail[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  let server: Server | SMTPServer;
  if (mode === 'silent') {
    server = createServer((socket) => {
      connections += 1;
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    });
  } else {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 200,
      onConnect(_session, callback) {
        connections += 1;
        callback();
      },
      onRcptTo(_address, _session, callback) {
        if (!options.refuseWith) return callback();
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: options.refuseWith });
        callback(error);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then(
            (parsed) => {
              mails.push({
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((r) => r.address),
                raw,
                parsed,
              });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    server.on('error', () => undefined);
  }
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = (mode === 'silent' ? (server as Server) : (server as unknown as { server: Server }).server).address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    connections: () => connections,
    async waitFor(count, timeoutMs = 10_000) {
      const started = Date.now();
      while (mails.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`only ${mails.length} of ${count} mails arrived`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return mails;
    },
    async waitForMatch(predicate, skip = 0, timeoutMs = 10_000) {
      const started = Date.now();
      for (;;) {
        const found = mails.slice(skip).find(predicate);
        if (found) return found;
        if (Date.now() - started > timeoutMs) throw new Error(`no matching mail among ${mails.length - skip} new ones`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Header value of a received mail (folded lines joined), as it was sent. */
export function header(mail: SunkMail, name: string): string | undefined {
  const head = mail.raw.split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The plain-text part of a received mail. */
export function bodyText(mail: SunkMail): string {
  return (mail.parsed.text ?? '').replace(/\r\n/g, '\n').replace(/\n$/, '');
}

/** The HTML part of a received mail ('' when it has none). */
export function bodyHtml(mail: SunkMail): string {
  return typeof mail.parsed.html === 'string' ? mail.parsed.html : '';
}
