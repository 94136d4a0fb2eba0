import { DynamicModule, Module, Type } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import type { AppConfig } from './infra/config/app-config';
import { ConfigModule } from './infra/config/config.module';
import { DatabaseModule } from './infra/database/database.module';
import { JobsModule } from './infra/jobs/jobs.module';
import { LifecycleModule } from './infra/lifecycle/lifecycle.module';
import { MailModule } from './infra/mail/mail.module';
import { MetricsModule } from './infra/metrics/metrics.module';
import { RedisModule } from './infra/redis/redis.module';
import { StorageModule } from './infra/storage/storage.module';
import { AccountModule } from './modules/account/account.module';
import { AdminModule } from './modules/admin/admin.module';
import { AnalyticsModule } from './modules/analytics/analytics.module';
import { AuthModule } from './modules/auth/auth.module';
import { CatalogModule } from './modules/catalog/catalog.module';
import { ContactModule } from './modules/contact/contact.module';
import { ListingImportModule } from './modules/listing-import/listing-import.module';
import { HealthModule } from './modules/health/health.module';
import { SavedSearchesModule } from './modules/saved-searches/saved-searches.module';
import { SavedVehiclesModule } from './modules/saved/saved-vehicles.module';
import { SiteModule } from './modules/site/site.module';
import { UploadsModule } from './modules/uploads/uploads.module';
import { UsersModule } from './modules/users/users.module';
import { VehiclesModule } from './modules/vehicles/vehicles.module';
import { WebModule } from './modules/web/web.module';

@Module({})
export class AppModule {
  /** `extraModules`: for tests that mount probe controllers on the real app. */
  static forRoot(config: AppConfig, extraModules: Type[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LifecycleModule,
        DatabaseModule,
        ScheduleModule.forRoot(),
        JobsModule,
        StorageModule,
        RedisModule,
        MetricsModule,
        MailModule,
        UsersModule,
        AuthModule,
        HealthModule,
        SiteModule,
        ListingImportModule,
        AnalyticsModule,
        AdminModule,
        UploadsModule,
        ContactModule,
        SavedVehiclesModule,
        AccountModule,
        SavedSearchesModule,
        CatalogModule,
        VehiclesModule,
        ...extraModules,
        WebModule,
      ],
    };
  }
}
