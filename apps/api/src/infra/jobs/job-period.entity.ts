import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A period a scheduled job has claimed (JobLockService.runOncePer): one row per job and period, so the job
 * runs once per period across every API instance. JobLockService is its only writer.
 */
@Entity({ name: 'job_periods' })
export class JobPeriodEntity {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  name: string;

  @PrimaryColumn({ type: 'bigint' })
  period: string;

  @CreateDateColumn()
  createdAt: Date;
}
