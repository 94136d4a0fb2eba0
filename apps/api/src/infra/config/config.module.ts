import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig, loadConfig } from './app-config';

/** Provides the AppConfig, validated once. Tests and the CLI may pass a ready one. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config?: AppConfig) {
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: config ?? loadConfig() }],
      exports: [APP_CONFIG],
    };
  }
}
