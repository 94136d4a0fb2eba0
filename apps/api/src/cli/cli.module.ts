import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../infra/config/app-config';
import { ConfigModule } from '../infra/config/config.module';
import { DatabaseModule } from '../infra/database/database.module';
import { UsersModule } from '../modules/users/users.module';

/** What the command-line tasks need: configuration, the database (migrated) and users. No HTTP, no jobs. */
@Module({})
export class CliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: CliModule, imports: [ConfigModule.forRoot(config), DatabaseModule, UsersModule] };
  }
}
