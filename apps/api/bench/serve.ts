import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/infra/config/app-config';
import { DealRatingsService } from '../src/modules/vehicles/pricing/deal-ratings.service';
import { SearchCounts } from '../src/modules/vehicles/search/search-counts.service';

/** What the bench asks of its server besides HTTP: a market refit now (answered with what it did). */
export type ServeRequest = { refit: true };
export type ServeMessage = { ready: true } | { refit: { seconds: number; rated: number; changed: number } | { error: string } };

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
  process.on('message', (request: ServeRequest) => {
    if (request.refit) void refitNow(app.get(DealRatingsService)).then(send);
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

serve().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
