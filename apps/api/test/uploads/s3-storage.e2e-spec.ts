import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { cardImageUrl, imageVariantUrls } from '@app/shared';
import { UploadEntity } from '../../src/modules/uploads/entities/upload.entity';
import { OrphanUploadsJob } from '../../src/modules/uploads/jobs/orphan-uploads.job';
import { listingInput } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { startS3Server, type TestS3 } from '../support/s3-server';
import { startTestApp, type TestApp } from '../support/test-app';
import { formWith } from './images';

const keyOf = (url: string) => url.slice('/uploads/'.length);

describe('photos in an S3-compatible bucket (S3_BUCKET)', () => {
  let s3: TestS3;
  let t: TestApp;
  let seller: HttpClient;
  let photo: Buffer;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp(s3.env);
    seller = t.client();
    await registerUser(seller);
    photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a6ea5' } }).jpeg().toBuffer();
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  const uploadPhoto = async (): Promise<{ secure_url: string; card_url: string; bytes: number }> => {
    const res = await seller.post('/api/uploads', undefined, { rawBody: formWith(photo, 'car.jpg', 'image/jpeg') });
    expect(res.status).toBe(201);
    return res.body;
  };

  it('stores every file of a photo in the bucket under the same /uploads/<key> URLs as the local disk', async () => {
    const res = await uploadPhoto();
    expect(res.secure_url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}-[A-Za-z0-9_-]+-\d+x\d+\.webp$/);
    expect(res.card_url).toBe(cardImageUrl(res.secure_url));
    const files = imageVariantUrls(res.secure_url);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect(await s3.exists(keyOf(file))).toBe(true);
    expect(existsSync(t.config.uploadDir)).toBe(false);
  });

  it('serves a photo from the bucket with year-long caching; 404 for an unknown key', async () => {
    const { secure_url, bytes } = await uploadPhoto();
    const res = await fetch(t.baseUrl + secure_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBe(bytes);
    expect((await sharp(body).metadata()).format).toBe('webp');
    expect((await t.client().get('/uploads/2020/01/00000000000000000000000000000000.webp')).status).toBe(404);
  });

  it('accepts the photos in a listing (same URL rules) and deletes the dropped ones from the bucket, every size', async () => {
    const kept = await uploadPhoto();
    const dropped = await uploadPhoto();
    const created = await seller.post('/api/vehicles', listingInput({ images: [kept.secure_url, dropped.secure_url], coverPhotoIndex: 0 }));
    expect(created.status).toBe(201);
    const edited = await seller.put(`/api/vehicles/${created.body.id}`, listingInput({ images: [kept.secure_url], coverPhotoIndex: 0 }));
    expect(edited.status).toBe(200);
    const stored = async (url: string) => Promise.all(imageVariantUrls(url).map((file) => s3.exists(keyOf(file))));
    expect(new Set(await stored(dropped.secure_url))).toEqual(new Set([false]));
    expect(new Set(await stored(kept.secure_url))).toEqual(new Set([true]));

    expect((await seller.delete(`/api/vehicles/${created.body.id}`)).status).toBe(204);
    expect(new Set(await stored(kept.secure_url))).toEqual(new Set([false]));
  });

  it('refuses a listing photo the storage did not issue, as on local disk', async () => {
    const res = await seller.post('/api/vehicles', listingInput({ images: [`${s3.endpoint}/photos/2026/01/x.webp`], coverPhotoIndex: 0 }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'images', message: 'Each image must be a photo uploaded to this site' }]);
  });

  it('removes orphan uploads from the bucket with both files', async () => {
    const orphan = await uploadPhoto();
    await t.app.get(DataSource).getRepository(UploadEntity).update({ url: orphan.secure_url }, { createdAt: new Date(Date.now() - 25 * 3600_000) });
    expect(await t.app.get(OrphanUploadsJob).run()).toBe('ran');
    expect([await s3.exists(keyOf(orphan.secure_url)), await s3.exists(keyOf(orphan.card_url))]).toEqual([false, false]);
    expect((await t.client().get(orphan.secure_url)).status).toBe(404);
  });

  it('reports storage in /api/ready, and 503 when the bucket is gone', async () => {
    const ready = await t.client().get('/api/ready');
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'up', storage: 'up' } });
    const other = await startS3Server('gone');
    const app = await startTestApp(other.env);
    try {
      await other.removeBucket();
      const res = await app.client().get('/api/ready');
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('Not ready: storage not answering');
    } finally {
      await app.close();
      await other.close();
    }
  });
});

describe('photos behind a CDN (S3_PUBLIC_URL)', () => {
  it('redirects /uploads/<key> permanently to the public URL and allows that origin in the CSP', async () => {
    const s3 = await startS3Server();
    const t = await startTestApp({ ...s3.env, S3_PUBLIC_URL: 'https://cdn.example.com/photos' });
    try {
      const seller = t.client();
      await registerUser(seller);
      const photo = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#123' } }).png().toBuffer();
      const { secure_url } = (await seller.post('/api/uploads', undefined, { rawBody: formWith(photo, 'a.png', 'image/png') })).body;
      const res = await t.client().get(secure_url);
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe(`https://cdn.example.com/photos/${keyOf(secure_url)}`);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const csp = (await t.client().get('/api/health')).headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com/);
    } finally {
      await t.close();
      await s3.close();
    }
  });
});
