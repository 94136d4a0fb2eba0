import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * Runs a job on one instance at a time. On MySQL/MariaDB a named database lock (GET_LOCK) is taken on a
 * dedicated connection, so several API instances sharing the database never run the same job together;
 * SQLite is one process's file, so an in-process flag is enough. A failed run is logged; the next tick
 * tries again.
 */
@Injectable()
export class JobLockService {
  private readonly logger = new Logger(JobLockService.name);
  private readonly running = new Set<string>();

  constructor(private readonly dataSource: DataSource) {}

  /** Answers 'ran', 'skipped' (another runner holds the lock) or 'failed'. */
  async runExclusive(name: string, job: () => Promise<unknown>): Promise<'ran' | 'skipped' | 'failed'> {
    if (this.running.has(name)) return 'skipped';
    this.running.add(name);
    try {
      return this.dataSource.options.type !== 'better-sqlite3' ? await this.withDatabaseLock(name, job) : await this.run(name, job);
    } finally {
      this.running.delete(name);
    }
  }

  private async withDatabaseLock(name: string, job: () => Promise<unknown>): Promise<'ran' | 'skipped' | 'failed'> {
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.connect();
      const [row] = (await runner.query('SELECT GET_LOCK(?, 0) AS acquired', [`carmarket:${name}`])) as { acquired: number | string | null }[];
      if (Number(row?.acquired) !== 1) return 'skipped';
      try {
        return await this.run(name, job);
      } finally {
        await runner.query('SELECT RELEASE_LOCK(?)', [`carmarket:${name}`]);
      }
    } catch (error) {
      this.logger.error(`Job ${name} could not take its lock: ${(error as Error).message}`);
      return 'failed';
    } finally {
      await runner.release();
    }
  }

  private async run(name: string, job: () => Promise<unknown>): Promise<'ran' | 'failed'> {
    try {
      await job();
      return 'ran';
    } catch (error) {
      this.logger.error(`Job ${name} failed; it runs again at the next tick: ${(error as Error).stack ?? error}`);
      return 'failed';
    }
  }
}
