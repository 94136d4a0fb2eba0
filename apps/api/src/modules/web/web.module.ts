import { Module } from '@nestjs/common';
import { VehiclesModule } from '../vehicles';
import { PageCache } from './page-cache';
import { PageRenderer } from './page-renderer';
import { WebPages } from './web-pages';

@Module({ imports: [VehiclesModule], providers: [WebPages, PageRenderer, PageCache] })
export class WebModule {}
