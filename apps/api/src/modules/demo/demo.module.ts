import { Module } from '@nestjs/common';
import { UploadsModule } from '../uploads/uploads.module';
import { UsersModule } from '../users/users.module';
import { VehiclesModule } from '../vehicles/vehicles.module';
import { DemoSeedService } from './demo-seed.service';

@Module({
  imports: [UsersModule, UploadsModule, VehiclesModule],
  providers: [DemoSeedService],
})
export class DemoModule {}
