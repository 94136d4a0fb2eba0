import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  GenerateFeaturesDto,
  GenerateSpecsDto,
  type GeneratedFeatures,
  type GeneratedSpecs,
  type VinDecodeResult,
} from '@app/shared';
import { SpecsService } from './specs.service';
import { VinService } from './vin.service';

/**
 * Listing-form helpers under /api/vehicles, signed in. Their paths have a static second segment (vin,
 * specs, features), which Fastify's router prefers to the vehicles module's /api/vehicles/:id.
 * A decode blocks the event loop for a few milliseconds (SQLite is synchronous): 120 a minute per address.
 */
@Controller('vehicles')
export class VehicleToolsController {
  constructor(
    private readonly vins: VinService,
    private readonly specs: SpecsService,
  ) {}

  @Get('vin/:vin')
  @RouteConfig({ rateLimit: { max: 120, timeWindow: '1 minute' } })
  decodeVin(@Param('vin') vin: string): Promise<VinDecodeResult> {
    return this.vins.decode(vin);
  }

  @Post('specs/generate')
  @HttpCode(200)
  @RouteConfig({ rateLimit: { max: 120, timeWindow: '1 minute' } })
  generateSpecs(@Body() body: GenerateSpecsDto): Promise<GeneratedSpecs> {
    return this.specs.specs(body);
  }

  @Post('features/generate')
  @HttpCode(200)
  @RouteConfig({ rateLimit: { max: 120, timeWindow: '1 minute' } })
  generateFeatures(@Body() body: GenerateFeaturesDto): Promise<GeneratedFeatures> {
    return this.specs.features(body);
  }
}
