import { Module } from '@nestjs/common';
import { VehiclesModule } from '../vehicles';
import { PageRenderer } from './page-renderer';
import { WebPages } from './web-pages';

@Module({ imports: [VehiclesModule], providers: [WebPages, PageRenderer] })
export class WebModule {}
