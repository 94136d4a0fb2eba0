import { Module } from '@nestjs/common';
import { VehiclesModule } from '../vehicles/vehicles.module';
import { WebPages } from './web-pages';

@Module({ imports: [VehiclesModule], providers: [WebPages] })
export class WebModule {}
