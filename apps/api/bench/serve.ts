import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/infra/config/app-config';

/** The bench's server process: the real app, configured by the environment the bench gives it. */
async function serve(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen({ port: config.port, host: '127.0.0.1' });
  process.send?.('ready');
  process.on('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}

serve().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
