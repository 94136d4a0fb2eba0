import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { toErrorBody } from './error-body';
import type { SecurityHeaderWriter } from './security';

/**
 * Fastify's router answers a malformed URL (400) or an over-long path parameter (414) itself, before any
 * hook runs: this handler gives those answers the security headers, the request id and the one error shape.
 */
export function answerFrameworkError(writeHeaders: SecurityHeaderWriter) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    writeHeaders(request.raw, reply.raw);
    const { status, body } = toErrorBody(error);
    void reply.status(status).header('x-request-id', request.id).header('content-type', 'application/json; charset=utf-8').send(body);
  };
}
