import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sqlEngineOf } from '../../../infra/database/sql-engine';

/**
 * SQLite plans with the statistics `ANALYZE` gathers (without them it may pick a filter index and sort,
 * instead of reading the sort's index in order). `PRAGMA optimize` at start refreshes them when the
 * tables changed enough; MariaDB keeps its own statistics. The server listens only after it, so each index is
 * sampled (`analysis_limit`, as SQLite advises for `optimize`) instead of read whole: a full ANALYZE of a million
 * listings' indexes would hold the start for minutes.
 */
/** Rows of each index that ANALYZE samples (SQLite's advice for `PRAGMA optimize`: a few hundred to a few thousand). */
const ANALYSIS_LIMIT = 1000;

@Injectable()
export class SqliteMaintenanceService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SqliteMaintenanceService.name);

  constructor(private readonly dataSource: DataSource) {}

  async onApplicationBootstrap(): Promise<void> {
    if (sqlEngineOf(this.dataSource) !== 'sqlite') return;
    try {
      await this.dataSource.query(`PRAGMA analysis_limit=${ANALYSIS_LIMIT}`);
      await this.dataSource.query('PRAGMA optimize=0x10002');
    } catch (error) {
      this.logger.warn(`PRAGMA optimize failed: ${(error as Error).message}`);
    }
  }
}
