import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataChangeEntity } from './data-change.entity';
import { VersionedCacheService } from './versioned-cache.service';

/** The versioned cache of derived data and its shared change log. */
@Module({
  imports: [TypeOrmModule.forFeature([DataChangeEntity])],
  providers: [VersionedCacheService],
  exports: [VersionedCacheService],
})
export class CacheModule {}
