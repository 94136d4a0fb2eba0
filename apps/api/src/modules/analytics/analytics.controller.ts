import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AnalyticsStats, AnalyticsStatsQueryDto, TrackPageDto } from '@app/shared';
import { APP_CONFIG, AppConfig } from '../../infra/config/app-config';
import { clientAddress } from '../../infra/http/client-address';
import { visitorId } from '../../infra/http/visitor-id';
import { Public, Roles } from '../auth';
import { AnalyticsStatsService } from './analytics-stats.service';
import { TrackingService } from './tracking.service';

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
    await this.tracking.track(
      { page: body.page, userAgent: request.headers['user-agent'], userId: request.user?.id ?? null, address: clientAddress(request) },
      () => visitorId(request, reply, { secure: this.config.isProduction, salt: this.config.session.secret }),
    );
  }

  @Roles('admin')
  @Get('stats')
  stats(@Query() query: AnalyticsStatsQueryDto): Promise<AnalyticsStats> {
    return this.statsService.stats(query.period);
  }
}
