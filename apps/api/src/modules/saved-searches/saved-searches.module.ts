import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users';
import { VehiclesModule } from '../vehicles';
import { SavedSearchAlertEntity } from './entities/saved-search-alert.entity';
import { SavedSearchEntity } from './entities/saved-search.entity';
import { SavedSearchAlertsJob } from './saved-search-alerts.job';
import { SavedSearchesController } from './saved-searches.controller';
import { SavedSearchesService } from './saved-searches.service';

@Module({
  imports: [TypeOrmModule.forFeature([SavedSearchEntity, SavedSearchAlertEntity]), VehiclesModule, UsersModule],
  controllers: [SavedSearchesController],
  providers: [SavedSearchesService, SavedSearchAlertsJob],
  exports: [SavedSearchesService],
})
export class SavedSearchesModule {}
