import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  MarkSoldDto,
  type MarketValue,
  VehicleInputDto,
  VehicleMarketDto,
  type PricePoint,
  VehicleSearchDto,
  type OwnerVehicle,
  type PublicVehicle,
  type VehicleDetail,
  type VehicleSearchResult,
} from '@app/shared';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { IdParamPipe } from '../../infra/http/id-param.pipe';
import { JsonText, jsonOf } from '../../infra/http/json-text';
import { visitorId } from '../../infra/http/visitor-id';
import { IdempotencyInterceptor } from '../../infra/idempotency/idempotency.interceptor';
import { type AuthUser, CurrentUser, Public } from '../auth';
import { DealRatingsService } from './pricing/deal-ratings.service';
import { VehicleSearchService } from './search/vehicle-search.service';
import { VehiclesService } from './vehicles.service';

@Controller('vehicles')
export class VehiclesController {
  constructor(
    private readonly vehicles: VehiclesService,
    private readonly searchService: VehicleSearchService,
    private readonly dealRatings: DealRatingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Approved listings, newest first, up to 24 (landing page, slideshow). */
  @Public()
  @Get('recent')
  async recent(): Promise<JsonText<PublicVehicle[]>> {
    return new JsonText(jsonOf(await this.vehicles.recent()));
  }

  /** Listings sold in the last 90 days, last sold first, up to 12: they are out of the search results ("Recently sold"). */
  @Public()
  @Get('recently-sold')
  async recentlySold(): Promise<JsonText<PublicVehicle[]>> {
    return new JsonText(jsonOf(await this.vehicles.recentlySold()));
  }

  /** Approved featured listings, newest first, up to 6. */
  @Public()
  @Get('featured')
  async featured(): Promise<JsonText<PublicVehicle[]>> {
    return new JsonText(jsonOf(await this.vehicles.featured()));
  }

  @Public()
  @Get('search')
  search(@Query() query: VehicleSearchDto): Promise<JsonText<VehicleSearchResult>> {
    return this.searchService.searchJson(query);
  }

  /** The market model's estimate for a car the seller describes (the listing form's market value); signed-in. */
  @Get('market-value')
  marketValue(@Query() query: VehicleMarketDto): Promise<MarketValue> {
    return this.dealRatings.marketValue(query);
  }

  @Public()
  @Get(':id')
  detail(
    @Param('id', IdParamPipe) id: number,
    @CurrentUser() user: AuthUser | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<VehicleDetail> {
    return this.vehicles.detail(id, user, () => visitorId(request, reply, { secure: this.config.isProduction, salt: this.config.session.secret }));
  }

  /** Every price of the listing, oldest first (the detail page's price history). */
  @Public()
  @Get(':id/price-history')
  priceHistory(@Param('id', IdParamPipe) id: number, @CurrentUser() user: AuthUser | undefined): Promise<PricePoint[]> {
    return this.vehicles.priceHistory(id, user);
  }

  /** Listings for sale like this one: same body class, nearest price, nearest place (the detail page's "Similar vehicles"). */
  @Public()
  @Get(':id/similar')
  similar(@Param('id', IdParamPipe) id: number, @CurrentUser() user: AuthUser | undefined): Promise<PublicVehicle[]> {
    return this.vehicles.similar(id, user);
  }

  /** The owner or an admin marks a live listing sold. */
  @Post(':id/sold')
  @HttpCode(200)
  markSold(@Param('id', IdParamPipe) id: number, @Body() input: MarkSoldDto, @CurrentUser() user: AuthUser): Promise<OwnerVehicle> {
    return this.vehicles.markSold(id, input, user);
  }

  /** With an Idempotency-Key, a retry of the same submission answers the first listing instead of a second one. */
  @Post()
  @UseInterceptors(IdempotencyInterceptor)
  create(@Body() input: VehicleInputDto, @CurrentUser() user: AuthUser): Promise<OwnerVehicle> {
    return this.vehicles.create(input, user);
  }

  @Put(':id')
  update(@Param('id', IdParamPipe) id: number, @Body() input: VehicleInputDto, @CurrentUser() user: AuthUser): Promise<OwnerVehicle> {
    return this.vehicles.update(id, input, user);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', IdParamPipe) id: number, @CurrentUser() user: AuthUser): Promise<void> {
    await this.vehicles.remove(id, user);
  }
}

/** The signed-in user's own listings, every status, newest first (dashboard). */
@Controller('user/vehicles')
export class UserVehiclesController {
  constructor(private readonly vehicles: VehiclesService) {}

  @Get()
  mine(@CurrentUser() user: AuthUser): Promise<OwnerVehicle[]> {
    return this.vehicles.ofUser(user.id);
  }
}
