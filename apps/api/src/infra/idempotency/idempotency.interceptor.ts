import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { catchError, from, mergeMap, Observable, of, throwError } from 'rxjs';
import { IdempotencyService } from './idempotency.service';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * Honours an `Idempotency-Key` header on a signed-in user's request (the route's guard has run): the same
 * key and body within 24 hours answers the first answer again (`Idempotent-Replayed: true`) without running
 * the handler; without the header the request runs as usual.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly keys: IdempotencyService) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: { id: number } }>();
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined || !request.user) return next.handle();
    const fingerprint = createHash('sha256').update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`).digest('hex');
    const claim = await this.keys.claim(request.user.id, Array.isArray(key) ? key.join(',') : key, fingerprint);
    if (claim.kind === 'replay') {
      context.switchToHttp().getResponse<FastifyReply>().header('idempotent-replayed', 'true');
      return of(claim.response);
    }
    return next.handle().pipe(
      mergeMap((response) => from(this.keys.complete(claim.id, response).then(() => response))),
      catchError((error: unknown) => from(this.keys.release(claim.id)).pipe(mergeMap(() => throwError(() => error)))),
    );
  }
}
