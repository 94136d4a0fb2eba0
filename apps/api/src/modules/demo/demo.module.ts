import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UploadsModule } from '../uploads/uploads.module';
import { UsersModule } from '../users/users.module';
import { VehicleEntity } from '../vehicles/entities/vehicle.entity';
import { DemoSeedService } from './demo-seed.service';

@Module({
  imports: [UsersModule, UploadsModule, TypeOrmModule.forFeature([VehicleEntity])],
  providers: [DemoSeedService],
})
export class DemoModule {}
