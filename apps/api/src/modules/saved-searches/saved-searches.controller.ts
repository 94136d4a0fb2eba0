import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { SaveSearchDto, sitePath, UnsubscribeDto, UpdateSavedSearchDto, type SavedSearch } from '@app/shared';
import { ApiFoundResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { IdParamPipe } from '../../infra/http/id-param.pipe';
import { type AuthUser, CurrentUser, Public } from '../auth';
import { SavedSearchesService } from './saved-searches.service';

const LINK_INVALID = 'This unsubscribe link is not valid';

@Controller()
export class SavedSearchesController {
  constructor(private readonly searches: SavedSearchesService) {}

  @Get('user/searches')
  list(@CurrentUser() user: AuthUser): Promise<SavedSearch[]> {
    return this.searches.list(user.id);
  }

  @Post('user/searches')
  create(@CurrentUser() user: AuthUser, @Body() body: SaveSearchDto): Promise<SavedSearch> {
    return this.searches.create(user.id, body);
  }

  @Patch('user/searches/:id')
  update(@CurrentUser() user: AuthUser, @Param('id', IdParamPipe) id: number, @Body() body: UpdateSavedSearchDto): Promise<SavedSearch> {
    return this.searches.update(user.id, id, body);
  }

  @Delete('user/searches/:id')
  @HttpCode(204)
  remove(@CurrentUser() user: AuthUser, @Param('id', IdParamPipe) id: number): Promise<void> {
    return this.searches.remove(user.id, id);
  }

  /**
   * RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` here (the token in the
   * query, as in the List-Unsubscribe header); the unsubscribe page POSTs `{ token }`.
   */
  @Public()
  @Post('searches/unsubscribe')
  @HttpCode(200)
  @RouteConfig({ rateLimit: { max: 60, timeWindow: '1 hour' } })
  async unsubscribe(@Query('token') queryToken: string | undefined, @Body() body: UnsubscribeDto): Promise<{ name: string }> {
    const token = body?.token ?? queryToken;
    const done = token ? await this.searches.unsubscribeWith(token) : null;
    if (!done) throw new BadRequestException(LINK_INVALID);
    return done;
  }

  /** A person opening the header's link: the page with the button (a GET changes nothing: link scanners open links). */
  @Public()
  @Get('searches/unsubscribe')
  @ApiFoundResponse({
    description: 'To the unsubscribe page',
    headers: { Location: { description: 'The storefront\'s /unsubscribe page, with the token', schema: { type: 'string' } } },
  })
  unsubscribePage(@Query('token') token: string | undefined, @Res() reply: FastifyReply): void {
    void reply.redirect(`${sitePath('/unsubscribe')}?token=${encodeURIComponent(token ?? '')}`, 302);
  }
}
