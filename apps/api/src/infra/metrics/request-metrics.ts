import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.service';

/** Counts and times every answered request by its route pattern ('(unmatched)' for paths no route knows). */
export function registerRequestMetrics(fastify: FastifyInstance, metrics: Metrics): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.routeOptions.url ?? '(unmatched)', request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
