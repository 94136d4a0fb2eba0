import { Body, Controller, Post, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { CONTACT_LIMITS, ContactMessageCreated, ContactMessageDto } from '@app/shared';
import { clientAddress } from '../../infra/http/client-address';
import { rateLimitKey } from '../../infra/http/rate-limit-key';
import { Public } from '../auth';
import { ContactService } from './contact.service';

@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  /** A buyer's message about a public listing: stored for staff, who are notified by e-mail. */
  @Public()
  @Post()
  @RouteConfig({ rateLimit: { max: CONTACT_LIMITS.perAddressPerHour, timeWindow: '1 hour', keyGenerator: rateLimitKey } })
  submit(@Body() body: ContactMessageDto, @Req() request: FastifyRequest): Promise<ContactMessageCreated> {
    return this.contact.submit(body, clientAddress(request));
  }
}
