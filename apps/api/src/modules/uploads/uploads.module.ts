import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { VehiclesModule } from '../vehicles/vehicles.module';
import { UploadEntity } from './entities/upload.entity';
import { OrphanUploadsJob } from './jobs/orphan-uploads.job';
import { UploadsController } from './uploads.controller';
import { UploadsService } from './uploads.service';

@Module({
  imports: [TypeOrmModule.forFeature([UploadEntity]), VehiclesModule],
  controllers: [UploadsController],
  providers: [UploadsService, OrphanUploadsJob],
  exports: [UploadsService],
})
export class UploadsModule {}
