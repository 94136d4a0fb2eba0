import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorBody } from './error-body';
import { redactUrl } from './request-log';

/** The one global filter: every error leaves in the shape of DECISIONS.md; unknown ones are 500 and logged. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const { status, body, unexpected } = toErrorBody(exception);
    if (unexpected) {
      this.logger.error(
        `${request.method} ${redactUrl(request.url)} (request ${request.id}) failed: ${exception instanceof Error ? exception.stack : String(exception)}`,
      );
    }
    if (reply.sent) return;
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}
