import { Global, Logger, Module } from '@nestjs/common';
import { TypeOrmModule, type TypeOrmModuleOptions } from '@nestjs/typeorm';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import { migrateUnderLock, pendingMigrationNames } from './migrate';
import { resolveDatabaseSettings } from './server-flavor';
import { IdReader } from './id-reader';
import { SqliteCheckpointer } from './sqlite-checkpointer';

/** The connection options plus what to do with pending migrations at start (not a TypeORM option). */
type StartOptions = TypeOrmModuleOptions & DataSourceOptions & { migrateOnStart: boolean };

/**
 * The one TypeORM connection. Pending migrations are applied under a database lock before the app serves
 * (so instances starting together migrate once); with MIGRATE_ON_START=false a release step runs
 * `npm run migration:run` and an instance refuses to start on a schema that lacks a migration it knows.
 * Global for IdReader: statements that answer many ids, read off the thread that answers requests.
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<StartOptions> => {
        if (config.database.type === 'sqlite' && config.database.path !== ':memory:') {
          mkdirSync(dirname(config.database.path), { recursive: true });
        }
        const settings = await resolveDatabaseSettings(config.database);
        return { ...dataSourceOptions(settings, config.logLevel !== 'silent'), autoLoadEntities: true, migrateOnStart: config.migrateOnStart, retryAttempts: 0 };
      },
      dataSourceFactory: async (options) => {
        const { migrateOnStart, ...connection } = options as StartOptions;
        const dataSource = await new DataSource(connection).initialize();
        try {
          if (migrateOnStart) await migrateUnderLock(dataSource);
          else await assertMigrated(dataSource);
        } catch (error) {
          await dataSource.destroy();
          throw error;
        }
        return dataSource;
      },
    }),
  ],
  providers: [SqliteCheckpointer, IdReader],
  exports: [IdReader],
})
export class DatabaseModule {}

async function assertMigrated(dataSource: DataSource): Promise<void> {
  const pending = await pendingMigrationNames(dataSource);
  if (pending.length > 0) {
    throw new Error(
      `MIGRATE_ON_START=false and ${pending.length} migration(s) are not applied (${pending.join(', ')}): run \`npm run migration:run\` first`,
    );
  }
  new Logger('Migrations').log('Schema is up to date (MIGRATE_ON_START=false)');
}
