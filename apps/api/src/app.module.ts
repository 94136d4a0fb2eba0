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
import { AccountModule } from './modules/account';
import { AdminModule } from './modules/admin';
import { AnalyticsModule } from './modules/analytics';
import { AuthModule } from './modules/auth';
import { CatalogModule } from './modules/catalog';
import { ContactModule } from './modules/contact';
import { DeskModule } from './modules/desk';
import { ListingImportModule } from './modules/listing-import';
import { HealthModule } from './modules/health';
import { SavedSearchesModule } from './modules/saved-searches';
import { SavedVehiclesModule } from './modules/saved';
import { SiteModule } from './modules/site';
import { UploadsModule } from './modules/uploads';
import { UsersModule } from './modules/users';
import { VehiclesModule } from './modules/vehicles';
import { WebModule } from './modules/web';

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
        DeskModule,
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
