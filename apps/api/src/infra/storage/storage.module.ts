import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { LocalDiskStorage } from './local-disk.storage';
import { OBJECT_STORAGE } from './object-storage';
import { S3Storage } from './s3.storage';

/** The photo storage chosen by configuration: an S3-compatible bucket when S3_BUCKET is set, else local disk. */
@Global()
@Module({
  providers: [
    {
      provide: OBJECT_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(config.uploadDir)),
    },
  ],
  exports: [OBJECT_STORAGE],
})
export class StorageModule {}
