import 'reflect-metadata';
import { bootstrapLogger, createApp } from './app.factory';
import { createAdmin, importBundle, printOpenApi, printRoutes, rollupAnalytics, runMigrations } from './cli/commands';
import { loadConfig } from './infra/config/app-config';
import { ConfigError } from './infra/config/config-error';
import { exitOnSignals } from './infra/lifecycle/graceful-shutdown';
import { ValidationFailedException } from './infra/http/error-body';
import { SearchCounts } from './modules/vehicles';

async function main(argv: string[]): Promise<void> {
  const config = loadConfig();
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
    case 'serve': {
      const app = await createApp(config);
      exitOnSignals(app, config);
      await app.listen({ port: config.port, host: config.host });
      app.get(SearchCounts).warm();
      bootstrapLogger.log(`Listening on http://localhost:${config.port} (database: ${config.database.type})`);
      return;
    }
    case 'routes':
      return printRoutes(config);
    case 'openapi':
      return printOpenApi(config);
    case 'migration:run':
      return runMigrations(config);
    case 'admin:create':
      return createAdmin(config, rest);
    case 'analytics:rollup':
      return rollupAnalytics(config);
    case 'import':
      return importBundle(config, rest);
    default:
      throw new Error(`Unknown command "${command}". Commands: serve, routes, openapi, migration:run, admin:create, analytics:rollup, import`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else if (error instanceof ValidationFailedException) {
    console.error(error.errors.map((e) => `--${e.field}: ${e.message}`).join('\n'));
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exit(1);
});
