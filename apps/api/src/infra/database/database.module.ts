import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import { resolveDatabaseSettings } from './server-flavor';

/** The one TypeORM connection (entities registered by their modules); pending migrations are applied before the app serves. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig) => {
        if (config.database.type === 'sqlite' && config.database.path !== ':memory:') {
          mkdirSync(dirname(config.database.path), { recursive: true });
        }
        const settings = await resolveDatabaseSettings(config.database);
        return { ...dataSourceOptions(settings, config.logLevel !== 'silent'), autoLoadEntities: true, migrationsRun: true, retryAttempts: 0 };
      },
    }),
  ],
})
export class DatabaseModule {}
