import { Controller, ForbiddenException, Get, Header, Inject, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { Public } from '../http/public-route';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Metrics } from './metrics.service';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Headers a proxy in front sets to pass the client's address on: any of them makes a scrape a forwarded one. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded'] as const;

/**
 * `GET /metrics` in Prometheus's text format, outside the /api prefix. With METRICS_TOKEN set it asks for
 * `Authorization: Bearer <token>`; without, it answers only scrapes from this machine that no proxy
 * forwarded (a sidecar or a node agent: no X-Forwarded-For, X-Real-IP or Forwarded header), and 403 otherwise.
 */
@Controller()
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @RouteConfig({ rateLimit: false })
  @Get('metrics')
  @Header('cache-control', 'no-store')
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  async scrape(@Req() request: FastifyRequest): Promise<string> {
    if (!this.allowed(request)) throw new ForbiddenException('Metrics need the METRICS_TOKEN bearer token, or a scrape from this machine');
    return this.metrics.registry.metrics();
  }

  private allowed(request: FastifyRequest): boolean {
    const token = this.config.metricsToken;
    if (token) {
      const given = Buffer.from(request.headers.authorization ?? '');
      const expected = Buffer.from(`Bearer ${token}`);
      return given.length === expected.length && timingSafeEqual(given, expected);
    }
    return LOOPBACK.has(request.raw.socket.remoteAddress ?? '') && FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
  }
}
