import { Controller, Get, Header, Param } from '@nestjs/common';
import type { CatalogMakeSummary, CatalogModelSummary, CatalogOptions } from '@app/shared';
import { Public } from '../auth';
import { CatalogService } from './catalog.service';

/** Built-in data that changes only with a release: cacheable for an hour. */
const CACHE = 'public, max-age=3600';

@Public()
@Controller('catalog')
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Get('makes')
  @Header('cache-control', CACHE)
  makes(): CatalogMakeSummary[] {
    return this.catalog.makes();
  }

  @Get('makes/:make/models')
  @Header('cache-control', CACHE)
  models(@Param('make') make: string): CatalogModelSummary[] {
    return this.catalog.models(make);
  }

  @Get('makes/:make/models/:model/trims')
  @Header('cache-control', CACHE)
  trims(@Param('make') make: string, @Param('model') model: string): string[] {
    return this.catalog.trims(make, model);
  }

  @Get('options')
  @Header('cache-control', CACHE)
  options(): CatalogOptions {
    return this.catalog.options();
  }
}
