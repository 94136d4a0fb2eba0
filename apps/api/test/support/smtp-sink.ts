import { createServer, type Socket } from 'node:net';

export interface SunkMail {
  from: string;
  to: string[];
  /** The message as sent: headers, blank line, body. */
  raw: string;
}

export interface SmtpSink {
  url: string;
  mails: SunkMail[];
  /** Resolves once `count` messages have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<SunkMail[]>;
  /** Connections seen so far (also the silent ones). */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A minimal SMTP server on loopback for the tests: 'accept' speaks enough SMTP for nodemailer and keeps
 * each message; 'silent' accepts connections and never answers (a hung mail server).
 */
export async function startSmtpSink(mode: 'accept' | 'silent' = 'accept'): Promise<SmtpSink> {
  const mails: SunkMail[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (mode === 'silent') return;
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let inData = false;
    let current: SunkMail = { from: '', to: [], raw: '' };
    reply('220 sink.test ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.raw = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          inData = false;
          mails.push(current);
          current = { from: '', to: [], raw: '' };
          reply('250 OK queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
        if (verb === 'EHLO' || verb === 'HELO') reply('250 sink.test');
        else if (verb === 'MAIL') (current.from = address), reply('250 OK');
        else if (verb === 'RCPT') current.to.push(address), reply('250 OK');
        else if (verb === 'DATA') (inData = true), reply('354 End data with <CR><LF>.<CR><LF>');
        else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else if (verb === 'QUIT') reply('221 Bye'), socket.end();
        else reply('502 Command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    connections: () => connections,
    async waitFor(count, timeoutMs = 5000) {
      const started = Date.now();
      while (mails.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`only ${mails.length} of ${count} mails arrived`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return mails;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Header value of a sunk mail (folded lines joined). */
export function header(mail: SunkMail, name: string): string | undefined {
  const head = mail.raw.split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** Body text of a single-part plain-text mail, quoted-printable decoded. */
export function bodyText(mail: SunkMail): string {
  const body = mail.raw.split('\r\n\r\n').slice(1).join('\r\n\r\n');
  const encoding = header(mail, 'Content-Transfer-Encoding') ?? '7bit';
  const text = encoding.toLowerCase() === 'quoted-printable'
    ? Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
    : body;
  return text.replace(/\r\n/g, '\n');
}
