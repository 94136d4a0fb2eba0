import { DynamicModule, Module, Type } from '@nestjs/common';
import type { AppConfig } from '../infra/config/app-config';
import { ConfigModule } from '../infra/config/config.module';
import { DatabaseModule } from '../infra/database/database.module';
import { StorageModule } from '../infra/storage/storage.module';
import { UsersModule } from '../modules/users';

/**
 * What the command-line tasks need: configuration, the database (migrated), storage and users, plus the
 * modules a task names. No HTTP, no schedule.
 */
@Module({})
export class CliModule {
  static forRoot(config: AppConfig, extra: Type[] = []): DynamicModule {
    return { module: CliModule, imports: [ConfigModule.forRoot(config), DatabaseModule, StorageModule, UsersModule, ...extra] };
  }
}
