import { Controller, Get } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { Public } from '../auth';
import { HealthService, type Readiness } from './health.service';

/** Probes for a load balancer or orchestrator; polled often from one address, so outside the rate limit. */
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Liveness: 200 while the process serves HTTP (restart it when this fails). */
  @Public()
  @RouteConfig({ rateLimit: false })
  @Get('health')
  alive(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: 200 when the database, Redis (if configured) and storage answer; 503 naming what does not, or while shutting down. */
  @Public()
  @RouteConfig({ rateLimit: false })
  @Get('ready')
  ready(): Promise<Readiness> {
    return this.health.readiness();
  }
}
