import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { UploadEntity } from '../../src/modules/uploads/entities/upload.entity';
import { registerUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { bitBombPng, formWith, phone48MpJpeg, photoLike, truncatedJpeg } from './images';

const upload = (client: HttpClient, form: FormData) => client.post('/api/uploads', undefined, { rawBody: form });

/** Issue 27, part 6: image decoding cannot be flooded. */
describe('POST /api/uploads: decoding cannot be flooded', () => {
  let t: TestApp;
  let seller: HttpClient;
  let bomb: Buffer;
  const stored = () => t.app.get(DataSource).getRepository(UploadEntity).count();

  beforeAll(async () => {
    t = await startTestApp();
    seller = t.client();
    await registerUser(seller);
    bomb = bitBombPng(7000);
    // Starting an app on MariaDB on a loaded machine can take most of the default 30 s.
  }, 120_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('refuses a 6 KB PNG declaring 7000 × 7000 pixels before decoding it: 400 naming the field "file", at once', async () => {
    expect(bomb.length).toBeLessThan(8000);
    expect(await sharp(bomb).metadata()).toMatchObject({ width: 7000, height: 7000, format: 'png' });
    const started = Date.now();
    const res = await upload(seller, formWith(bomb, 'bomb.png', 'image/png'));
    const ms = Date.now() - started;
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: 'The image declares a size its bytes cannot hold',
      errors: [{ field: 'file', message: expect.stringMatching(/^The file declares 7000 × 7000 pixels in \d+ bytes/) }],
    });
    // Decoding it took 3.7 s of CPU (14 s on a loaded machine); reading its header takes milliseconds.
    expect(ms).toBeLessThan(1500);
    expect(await stored()).toBe(0);
  });

  it('refuses a JPEG cut short and closed with an end marker (415), storing nothing', async () => {
    const cut = await truncatedJpeg();
    const res = await upload(seller, formWith(cut, 'cut.jpg', 'image/jpeg'));
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ statusCode: 415, message: 'The image could not be read: the file is damaged or incomplete' });
    expect(await stored()).toBe(0);
  });

  it('takes a real 48-megapixel phone photo (8000 × 6000, JPEG quality 90, about 8 MB)', async () => {
    const photo = await phone48MpJpeg();
    // A camera's ratio: a few pixels a byte, far under the bound; and under the 10 MB upload limit.
    expect(photo.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(photo.length).toBeLessThan(10 * 1024 * 1024);
    const res = await upload(seller, formWith(photo, 'PXL_20261126_48MP.jpg', 'image/jpeg'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ width: 2048, height: 1536, format: 'webp' });
    expect(await stored()).toBe(1);
  }, 120_000);

  it('keeps /api/health fast while five bombs are uploaded at once, and refuses all five', async () => {
    /** /api/health's latencies (ms, sorted), asked one after another at least 30 times and until `busy` settles. */
    const healthTimes = async (busy: Promise<unknown>) => {
      let done = false;
      void busy.finally(() => (done = true));
      const latencies: number[] = [];
      while (!done || latencies.length < 30) {
        const started = performance.now();
        const health = await fetch(`${t.baseUrl}/api/health`);
        latencies.push(performance.now() - started);
        expect(health.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return latencies.sort((a, b) => a - b);
    };
    const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)];
    const atRest = await healthTimes(Promise.resolve());
    const uploads = Promise.all(Array.from({ length: 5 }, (_, i) => upload(seller, formWith(bomb, `bomb-${i}.png`, 'image/png'))));
    const during = await healthTimes(uploads);
    expect((await uploads).map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    // Bounds that hold on a shared, loaded 2-core machine yet fail when the bombs are decoded (the issue measured
    // 2.2 s with three): no slower than at rest (twice its median, at least 100 ms) and never 1.5 s (a fresh-clone
    // CI, its load average near 8 with other test files beside this one, once saw 1.29 s).
    // `npm run bench:photos -- --flood` prints the figures against the 50 ms goal.
    expect(median(during)).toBeLessThan(Math.max(100, 2 * median(atRest)));
    expect(during[during.length - 1]).toBeLessThan(1500);
  });
});

describe('POST /api/uploads: the decode queue', () => {
  let t: TestApp;
  let seller: HttpClient;

  beforeAll(async () => {
    // One photo decoded at a time and none waiting: a second upload at the same time finds the line full.
    t = await startTestApp({ UPLOAD_DECODE_CONCURRENCY: '1', UPLOAD_DECODE_QUEUE: '0' });
    seller = t.client();
    await registerUser(seller);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('answers 503 with Retry-After when every decoding slot and waiting place is taken, and takes the photo again later', async () => {
    const photo = await photoLike(2400, 1800).jpeg({ quality: 90 }).toBuffer();
    const answers = await Promise.all([1, 2, 3].map((i) => upload(seller, formWith(photo, `car-${i}.jpg`, 'image/jpeg'))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(201);
    expect(statuses).toContain(503);
    const full = answers.find((a) => a.status === 503)!;
    expect(full.body).toEqual({ statusCode: 503, message: 'Too many photos are being processed right now. Please upload this one again in a few seconds.' });
    expect(full.headers.get('retry-after')).toBe('5');
    // Nothing of the refused ones is stored, and once the line is free the same photo goes in.
    expect(await t.app.get(DataSource).getRepository(UploadEntity).count()).toBe(statuses.filter((s) => s === 201).length);
    expect((await upload(seller, formWith(photo, 'again.jpg', 'image/jpeg'))).status).toBe(201);
  }, 60_000);
});
