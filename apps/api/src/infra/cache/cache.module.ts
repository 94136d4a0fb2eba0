import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CacheStateEntity } from './cache-state.entity';
import { VersionedCacheService } from './versioned-cache.service';

/** The versioned cache of derived data and its shared version table. */
@Module({
  imports: [TypeOrmModule.forFeature([CacheStateEntity])],
  providers: [VersionedCacheService],
  exports: [VersionedCacheService],
})
export class CacheModule {}
