import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { VehiclesModule } from '../vehicles';
import { SavedVehicleEntity } from './entities/saved-vehicle.entity';
import { SavedVehiclesController } from './saved-vehicles.controller';
import { SavedVehiclesService } from './saved-vehicles.service';

@Module({
  imports: [TypeOrmModule.forFeature([SavedVehicleEntity]), VehiclesModule],
  controllers: [SavedVehiclesController],
  providers: [SavedVehiclesService],
})
export class SavedVehiclesModule {}
