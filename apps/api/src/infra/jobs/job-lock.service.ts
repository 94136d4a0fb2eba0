import { Injectable, Logger, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Metrics } from '../metrics/metrics.service';
import { databaseLockName } from '../database/lock-name';
import { sqlEngineOf } from '../database/sql-engine';

/**
 * Runs a job on one instance at a time. On MySQL/MariaDB a named database lock (GET_LOCK, named after the job and
 * the database) is taken on a dedicated connection, so several API instances sharing the database never run the
 * same job together, while instances of other databases on the server are not kept out;
 * SQLite is one process's file, so an in-process flag is enough. A failed run is logged; the next tick
 * tries again.
 */
@Injectable()
export class JobLockService {
  private readonly logger = new Logger(JobLockService.name);
  private readonly running = new Set<string>();

  constructor(
    private readonly dataSource: DataSource,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  /** Answers 'ran', 'skipped' (another runner holds the lock) or 'failed'. */
  async runExclusive(name: string, job: () => Promise<unknown>): Promise<'ran' | 'skipped' | 'failed'> {
    const result = await this.runOnce(name, job);
    this.metrics?.jobRuns.inc({ job: name, result });
    return result;
  }

  /**
   * Runs the job once per period of `periodMs` (counted from the epoch) across every instance: under the
   * lock (as runExclusive), the first run to claim the period in `job_periods` runs the job; later ticks of
   * the same period, on any instance, answer 'skipped'. A tick that finds the lock taken claims nothing, so a
   * later tick of the period can still run it. Claims older than 100 periods are dropped.
   */
  async runOncePer(name: string, periodMs: number, job: () => Promise<unknown>, now = Date.now()): Promise<'ran' | 'skipped' | 'failed'> {
    const period = Math.floor(now / periodMs);
    let claimed = false;
    const outcome = await this.runOnce(name, async () => {
      claimed = await this.claim(name, period);
      if (claimed) await job();
    });
    const result = outcome === 'ran' && !claimed ? 'skipped' : outcome;
    this.metrics?.jobRuns.inc({ job: name, result });
    return result;
  }

  private async claim(name: string, period: number): Promise<boolean> {
    const ignore = sqlEngineOf(this.dataSource) === 'sqlite' ? 'INSERT OR IGNORE' : 'INSERT IGNORE';
    const runner = this.dataSource.createQueryRunner();
    try {
      const { affected } = await runner.query(`${ignore} INTO job_periods (name, period) VALUES (?, ?)`, [name, period], true);
      await runner.query('DELETE FROM job_periods WHERE name = ? AND period < ?', [name, period - 100]);
      return affected === 1;
    } finally {
      await runner.release();
    }
  }

  private async runOnce(name: string, job: () => Promise<unknown>): Promise<'ran' | 'skipped' | 'failed'> {
    if (this.running.has(name)) return 'skipped';
    this.running.add(name);
    try {
      return sqlEngineOf(this.dataSource) !== 'sqlite' ? await this.withDatabaseLock(name, job) : await this.run(name, job);
    } finally {
      this.running.delete(name);
    }
  }

  private async withDatabaseLock(name: string, job: () => Promise<unknown>): Promise<'ran' | 'skipped' | 'failed'> {
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.connect();
      const lock = databaseLockName(String(this.dataSource.options.database), name);
      const [row] = (await runner.query('SELECT GET_LOCK(?, 0) AS acquired', [lock])) as { acquired: number | string | null }[];
      if (Number(row?.acquired) !== 1) return 'skipped';
      try {
        return await this.run(name, job);
      } finally {
        await runner.query('SELECT RELEASE_LOCK(?)', [lock]);
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
