import { NestFactory } from '@nestjs/core';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { LoginDto } from '@app/shared';
import type { AppConfig } from '../infra/config/app-config';
import { dataSourceOptions } from '../infra/database/data-source-options';
import { resolveDatabaseSettings } from '../infra/database/server-flavor';
import { createValidationPipe } from '../infra/http/validation';
import { UsersService } from '../modules/users/users.service';
import { CliModule } from './cli.module';

/** `npm run migration:run`: applies pending migrations and lists them. */
export async function runMigrations(config: AppConfig): Promise<void> {
  const dataSource = new DataSource(dataSourceOptions(await resolveDatabaseSettings(config.database)));
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    console.log(applied.length ? `Applied: ${applied.map((m) => m.name).join(', ')}` : 'No pending migrations');
  } finally {
    await dataSource.destroy();
  }
}

/** `npm run admin:create -- --email … --password …`: creates the admin, or promotes an existing user. */
export async function createAdmin(config: AppConfig, argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { email: { type: 'string' }, password: { type: 'string' } } });
  const input = (await createValidationPipe().transform(
    { email: values.email ?? '', password: values.password ?? '' },
    { type: 'body', metatype: LoginDto },
  )) as LoginDto;
  if (input.password.length < 6) throw new Error('--password must be at least 6 characters');
  const app = await NestFactory.createApplicationContext(CliModule.forRoot(config), { logger: ['error', 'warn'] });
  try {
    const outcome = await app.get(UsersService).ensureAdmin(input.email, input.password);
    console.log(`Admin ${input.email}: ${outcome}`);
  } finally {
    await app.close();
  }
}
