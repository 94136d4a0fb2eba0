import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { VehiclesModule } from '../vehicles';
import { PhotoHashBandEntity } from './entities/photo-hash-band.entity';
import { UploadEntity } from './entities/upload.entity';
import { DecodeQueue } from './decode-queue';
import { OrphanUploadsJob } from './jobs/orphan-uploads.job';
import { UploadsController } from './uploads.controller';
import { PhotoMatchesService } from './photo-matches.service';
import { UploadsService } from './uploads.service';

@Module({
  imports: [TypeOrmModule.forFeature([UploadEntity, PhotoHashBandEntity]), VehiclesModule],
  controllers: [UploadsController],
  providers: [UploadsService, PhotoMatchesService, OrphanUploadsJob, DecodeQueue],
  exports: [UploadsService, PhotoMatchesService],
})
export class UploadsModule {}
