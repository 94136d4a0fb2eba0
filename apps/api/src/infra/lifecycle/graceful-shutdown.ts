import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppConfig } from '../config/app-config';
import { LifecycleService } from './lifecycle.service';

const logger = new Logger('Shutdown');

/**
 * Stops one instance without losing work: /api/ready turns 503 at once and stays so for
 * `shutdown.delayMs` (the load balancer's checks take it out of rotation); then the server stops accepting,
 * answers the requests in flight, flushes the page-view buffer and closes the database. Resolves false when
 * that took longer than `shutdown.timeoutMs`.
 */
export async function shutdownGracefully(app: NestFastifyApplication, config: AppConfig): Promise<boolean> {
  app.get(LifecycleService).startDraining();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((done) => {
    timer = setTimeout(() => done(false), config.shutdown.delayMs + config.shutdown.timeoutMs);
  });
  const closed = (async () => {
    if (config.shutdown.delayMs > 0) await sleep(config.shutdown.delayMs);
    await app.close();
    return true as const;
  })();
  try {
    return await Promise.race([closed, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** SIGTERM / SIGINT: shut down gracefully once, then exit (1 when draining timed out or failed). */
export function exitOnSignals(app: NestFastifyApplication, config: AppConfig): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: draining (ready → 503 for ${config.shutdown.delayMs} ms, then closing)`);
    shutdownGracefully(app, config).then(
      (clean) => {
        if (!clean) logger.error(`Requests still open after ${config.shutdown.timeoutMs} ms; exiting anyway`);
        else logger.log('Stopped');
        process.exit(clean ? 0 : 1);
      },
      (error: unknown) => {
        logger.error(`Shutdown failed: ${(error as Error).stack ?? error}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
