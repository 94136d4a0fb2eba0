import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Public } from '../auth/auth.decorators';

const DATABASE_TIMEOUT_MS = 2000;

@Controller('health')
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  /** 200 when the database answers, 503 when it does not (or not within 2 s). */
  @Public()
  @Get()
  async check(): Promise<{ status: 'ok'; database: 'up' }> {
    try {
      await withTimeout(this.dataSource.query('SELECT 1'), DATABASE_TIMEOUT_MS);
    } catch {
      throw new ServiceUnavailableException('Database is not answering');
    }
    return { status: 'ok', database: 'up' };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
