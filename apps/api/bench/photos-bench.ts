/**
 * `npm run bench:photos [-- --n 8 --photo camera.jpg]`: what an upload costs.
 * `npm run bench:photos -- --flood`: instead, starts the app (scratch SQLite) and times `/api/health` (200 asks a
 * phase, one after another) at rest, while five decompression bombs (6 KB PNGs declaring 7000 × 7000) are
 * uploaded at once, and while five real 12-megapixel photos are; goal: p95 under 50 ms in every phase (issue 27). Encodes photos through the upload rules
 * (`processImage`: every size as AVIF and WebP, the social JPEG, the ThumbHash) one at a time, as one upload
 * request does, and prints the time per photo and the bytes of each size per format. Inputs: a 12-megapixel
 * camera-like JPEG (4032 × 3024: gradients, texture and noise, which compress like a photo, not like a flat
 * render), when the demo bundle is built its renders (1600 × 1067), and any photo given with `--photo <file>`
 * (repeatable): a camera's own JPEGs are the figures that matter.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/infra/config/app-config';
import { processImage } from '../src/modules/uploads/image-processing';

const { values } = parseArgs({
  options: { n: { type: 'string', default: '8' }, photo: { type: 'string', multiple: true, default: [] }, flood: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const N = Math.max(1, Number(values.n));

async function cameraLike(seed: number): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const raw = Buffer.alloc(width * height * 3);
  let state = seed * 7919 + 1;
  const random = () => ((state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const sky = y < height * 0.45;
      const wave = Math.sin((x + seed * 300) / 180) * 30 + Math.sin(y / 90) * 20;
      raw[i] = Math.max(0, Math.min(255, (sky ? 120 + y / 40 : 70 + wave) + random() * 24));
      raw[i + 1] = Math.max(0, Math.min(255, (sky ? 160 + y / 50 : 80 + wave / 2) + random() * 24));
      raw[i + 2] = Math.max(0, Math.min(255, (sky ? 220 : 60 + (x % 400) / 8) + random() * 24));
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).blur(1.2).jpeg({ quality: 90 }).toBuffer();
}

function demoRenders(): Buffer[] {
  const dir = join(__dirname, '..', '..', '..', 'tools', 'demo', 'bundle', 'photos');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^\d+-\d+\.webp$/.test(f))
    .slice(0, N)
    .map((f) => readFileSync(join(dir, f)));
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(label: string, inputs: Buffer[]): Promise<void> {
  if (inputs.length === 0) return;
  const times: number[] = [];
  const bytes = new Map<string, number[]>();
  for (const input of inputs) {
    const started = performance.now();
    const photo = await processImage(input);
    times.push(performance.now() - started);
    for (const file of photo.files) bytes.set(file.suffix, [...(bytes.get(file.suffix) ?? []), file.data.length]);
  }
  times.sort((a, b) => a - b);
  const mean = (list: number[]) => list.reduce((s, v) => s + v, 0) / list.length;
  console.log(`\n${label}: ${inputs.length} photos, one at a time`);
  console.log(`  time per photo: p50 ${percentile(times, 50).toFixed(0)} ms, max ${times[times.length - 1]!.toFixed(0)} ms`);
  console.log('  file            mean KB');
  for (const [suffix, sizes] of bytes) console.log(`  ${suffix.padEnd(15)} ${(mean(sizes) / 1024).toFixed(1).padStart(7)}`);
  const total = [...bytes.values()].reduce((s, sizes) => s + mean(sizes), 0);
  console.log(`  all files       ${(total / 1024).toFixed(1).padStart(7)}`);
}

/** /api/health's latency (ms, sorted) over `asks` asks one after another, until `busy` has settled too. */
async function healthLatencies(baseUrl: string, asks: number, busy: Promise<unknown> = Promise.resolve()): Promise<number[]> {
  let settled = false;
  void busy.finally(() => (settled = true));
  const times: number[] = [];
  while (times.length < asks || !settled) {
    const started = performance.now();
    await (await fetch(`${baseUrl}/api/health`)).arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function flood(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cm-flood-'));
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: `sqlite:${join(dataDir, 'db.sqlite')}`, SEED_DEMO: 'false', SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123456789', RATE_LIMIT_PER_MINUTE: '1000000' });
  const app = await createApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const registered = await fetch(`${baseUrl}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'flood@example.com', password: 'correct-horse-battery', firstName: 'Flood', lastName: 'Bench' }) });
    const cookie = registered.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const upload = async (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/uploads`, { method: 'POST', headers: { cookie }, body: form });
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - started };
    };
    const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#fff' } }).png({ palette: true, colours: 2, compressionLevel: 9 }).toBuffer();
    const photos = await Promise.all([0, 1, 2, 3, 4].map((i) => cameraLike(i)));
    console.log(`decode queue: ${config.decodeQueue.concurrency} at a time, ${config.decodeQueue.waiting} waiting; bomb ${bomb.length} bytes, photos ${(photos[0].length / 1e6).toFixed(1)} MB`);
    const report = (label: string, times: number[], uploads?: { status: number; ms: number }[]) =>
      console.log(
        `  ${label.padEnd(34)} /api/health p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms, p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms, max ${times[times.length - 1]!.toFixed(1).padStart(7)} ms (${times.length} asks)` +
          (uploads ? `; uploads ${uploads.map((u) => u.status).join(' ')} in ${Math.max(...uploads.map((u) => u.ms)).toFixed(0)} ms` : ''),
      );
    report('at rest', await healthLatencies(baseUrl, 200));
    const bombs = Promise.all(Array.from({ length: 5 }, (_, i) => upload(bomb, `bomb-${i}.png`)));
    report('five bombs at once', await healthLatencies(baseUrl, 200, bombs), await bombs);
    const real = Promise.all(photos.map((photo, i) => upload(photo, `camera-${i}.jpg`)));
    report('five 12 MP photos at once', await healthLatencies(baseUrl, 200, real), await real);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (values.flood) return flood();
  console.log(`sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, ${sharp.concurrency()} libvips threads`);
  const cameras: Buffer[] = [];
  for (let i = 0; i < N; i += 1) cameras.push(await cameraLike(i));
  await measure('12 MP camera-like JPEG (4032 × 3024)', cameras);
  await measure('demo renders (1600 × 1067 WebP)', demoRenders());
  for (const file of values.photo ?? []) await measure(file, Array.from({ length: N }, () => readFileSync(file)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
