import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/infra/config/app-config';
import { DealRatingsService } from '../src/modules/vehicles/pricing/deal-ratings.service';
import { SearchCounts } from '../src/modules/vehicles/search/search-counts.service';

/**
 * What the bench asks of its server besides HTTP: a market refit now (answered with what it did); a CPU profile of
 * the server's thread started, or stopped and written to a file (answered when it is written).
 */
export type ServeRequest = { refit: true } | { profile: 'start' } | { profile: 'stop'; file: string };
export type ServeMessage =
  | { ready: true }
  | { refit: { seconds: number; rated: number; changed: number } | { error: string } }
  | { profiled: 'started' | { file: string } | { error: string } };

/**
 * The bench's server process: the real app, configured by the environment the bench gives it. It answers as soon
 * as it listens, as the server does (main.ts): a market refit runs when the bench asks (as the 10-minute job would
 * start one), so the bench can time it and measure searches while it runs.
 */
async function serve(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen({ port: config.port, host: '127.0.0.1' });
  // As the server does (main.ts).
  app.get(SearchCounts).warm();
  const send = (message: ServeMessage) => process.send?.(message);
  send({ ready: true });
  const profiler = new Session();
  profiler.connect();
  process.on('message', (request: ServeRequest) => {
    if ('refit' in request) void refitNow(app.get(DealRatingsService)).then(send);
    if ('profile' in request) void profile(profiler, request).then(send);
  });
  process.on('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}

/**
 * A refit as the job runs it (one at a time: the 10-minute job may be running one, then this waits for it and
 * runs its own after), answered with what it did.
 */
async function refitNow(ratings: DealRatingsService): Promise<ServeMessage> {
  for (;;) {
    const outcome = await ratings.refitExclusive();
    if (outcome === 'failed') return { refit: { error: 'the refit failed (see the server log)' } };
    if (outcome === 'ran' && ratings.lastRefit) return { refit: ratings.lastRefit };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The V8 profiler on this thread (bench:search --profile): started, or stopped with its profile written as JSON. */
async function profile(session: Session, request: Extract<ServeRequest, { profile: unknown }>): Promise<ServeMessage> {
  try {
    if (request.profile === 'start') {
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
      return { profiled: 'started' };
    }
    const { profile: taken } = await session.post('Profiler.stop');
    writeFileSync(request.file, JSON.stringify(taken));
    return { profiled: { file: request.file } };
  } catch (error) {
    return { profiled: { error: error instanceof Error ? error.message : String(error) } };
  }
}

serve().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
