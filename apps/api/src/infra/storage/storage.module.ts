import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { LocalDiskStorage } from './local-disk.storage';
import { OBJECT_STORAGE } from './object-storage';

@Global()
@Module({
  providers: [
    {
      provide: OBJECT_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new LocalDiskStorage(config.uploadDir),
    },
  ],
  exports: [OBJECT_STORAGE],
})
export class StorageModule {}
