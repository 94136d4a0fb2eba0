import type { FastifyRequest } from 'fastify';

/** Query parameters whose value is a secret (a reset, confirmation, verification or unsubscribe link's token). */
const SECRET_PARAMETER = /token|secret|password|signature/i;
export const REDACTED = '[REDACTED]';

/**
 * The URL as it may be written to a log: the value of every secret-bearing query parameter replaced by
 * `[REDACTED]` (`/reset-password?token=[REDACTED]`), the rest as received. Works on the raw text, so a
 * malformed URL is logged (redacted) rather than thrown on.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the name as it came.
      }
      return eq >= 0 && SECRET_PARAMETER.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** Text with every URL in it (up to the next blank) passed through `redactUrl`: an e-mail written to the log. */
export function redactUrlsIn(text: string): string {
  return text.replace(/[^\s"'<>]*\?[^\s"'<>]+/g, (url) => redactUrl(url));
}

/**
 * The request logger's options (pino through Fastify): cookies and authorization headers redacted, and the
 * request serialized with its URL through `redactUrl`, so no link's token reaches a log line.
 */
export function requestLoggerOptions(level: string) {
  return {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
