import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorBody } from './error-body';
import { redactUrl } from './request-log';
import { isPageRequest, unavailablePage } from './unavailable-page';

/**
 * The one global filter: every error leaves in the shape of DECISIONS.md; unknown ones are 500 and logged. A
 * dependency that is down or full (database, decode queue) is a 503 with Retry-After, and a storefront page
 * asked for then gets a short HTML page saying so instead of JSON.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');
  private lastOutageLog = 0;

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const { status, body, unexpected, retryAfter } = toErrorBody(exception);
    if (unexpected) {
      this.logger.error(
        `${request.method} ${redactUrl(request.url)} (request ${request.id}) failed: ${exception instanceof Error ? exception.stack : String(exception)}`,
      );
    } else if (status === 503 && Date.now() - this.lastOutageLog > 10_000) {
      // An outage fails every request: one line every 10 s is enough to see it in the log.
      this.lastOutageLog = Date.now();
      this.logger.warn(`${request.method} ${redactUrl(request.url)} answered 503: ${exception instanceof Error ? `${exception.name}: ${exception.message}` : String(exception)}`);
    }
    if (reply.sent) return;
    if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
    if (status === 503 && isPageRequest(request)) {
      void reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(unavailablePage(body.message, retryAfter));
      return;
    }
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}
