import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AnalyticsStats, AnalyticsStatsQueryDto, TrackPageDto } from '@app/shared';
import { APP_CONFIG, AppConfig } from '../../infra/config/app-config';
import { clientAddress } from '../../infra/http/client-address';
import { Public, Roles } from '../auth/auth.decorators';
import { AnalyticsStatsService } from './analytics-stats.service';
import { TrackingService } from './tracking.service';
import { VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_S } from './visitor-cookie';

@Controller('analytics')
export class AnalyticsController {
  constructor(
    private readonly tracking: TrackingService,
    private readonly statsService: AnalyticsStatsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Any visitor, on every page view: 204 whether the view was recorded or left out (bots). */
  @Public()
  @Post('track')
  @HttpCode(204)
  async track(@Body() body: TrackPageDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const outcome = await this.tracking.track({
      page: body.page,
      userAgent: request.headers['user-agent'],
      visitorId: request.cookies[VISITOR_COOKIE],
      userId: request.user?.id ?? null,
      address: clientAddress(request),
    });
    if (outcome.recorded && outcome.isNewVisitor) {
      reply.setCookie(VISITOR_COOKIE, outcome.visitorId, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: this.config.isProduction,
        maxAge: VISITOR_COOKIE_MAX_AGE_S,
      });
    }
  }

  @Roles('admin')
  @Get('stats')
  stats(@Query() query: AnalyticsStatsQueryDto): Promise<AnalyticsStats> {
    return this.statsService.stats(query.period);
  }
}
