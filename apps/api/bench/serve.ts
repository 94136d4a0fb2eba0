import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/infra/config/app-config';
import { DealRatingsService } from '../src/modules/vehicles/pricing/deal-ratings.service';
import { SearchCounts } from '../src/modules/vehicles/search/search-counts.service';

/** The bench's server process: the real app, configured by the environment the bench gives it. */
async function serve(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  // Measure the steady state: seeded listings get their market estimates now, as a running site has them,
  // instead of when the 10-minute refit first fires in the middle of a measurement (writing every listing).
  await app.get(DealRatingsService).refitExclusive();
  await app.listen({ port: config.port, host: '127.0.0.1' });
  // As the server does (main.ts).
  app.get(SearchCounts).warm();
  process.send?.('ready');
  process.on('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}

serve().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
