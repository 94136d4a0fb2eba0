import { Body, Controller, Post } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { CONTACT_LIMITS, FinancingRequestCreated, FinancingRequestDto } from '@app/shared';
import { rateLimitKey } from '../../infra/http/rate-limit-key';
import { Public } from '../auth';
import { LeadsService } from './leads.service';

@Controller('financing')
export class FinancingController {
  constructor(private readonly leads: LeadsService) {}

  /** The listing page's financing pre-qualification: a financing lead for the desk and the partner (answers sealed). */
  @Public()
  @Post()
  @RouteConfig({ rateLimit: { max: CONTACT_LIMITS.perAddressPerHour, timeWindow: '1 hour', keyGenerator: rateLimitKey } })
  request(@Body() body: FinancingRequestDto): Promise<FinancingRequestCreated> {
    return this.leads.requestFinancing(body);
  }
}
