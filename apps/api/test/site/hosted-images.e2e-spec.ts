import { listingInput } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import { startTestApp, type TestApp } from '../support/test-app';

describe('a configured hosted image service', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      IMAGE_UPLOAD_URL: 'https://api.images.example/v1_1/cars/image/upload',
      IMAGE_UPLOAD_PRESETS: 'vehicles,listings',
      IMAGE_UPLOAD_FOLDER: 'marketplace',
      IMAGE_URL_PREFIX: 'https://res.images.example/cars/',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is what GET /api/config tells the forms to upload to', async () => {
    const res = await t.client().get('/api/config');
    expect(res.body.imageUpload).toEqual({
      provider: 'hosted',
      url: 'https://api.images.example/v1_1/cars/image/upload',
      presets: ['vehicles', 'listings'],
      folder: 'marketplace',
      urlPrefix: 'https://res.images.example/cars/',
    });
  });

  it("issues photo URLs a listing accepts, while other sites' URLs stay refused", async () => {
    const seller = t.client();
    await registerUser(seller);
    const hosted = 'https://res.images.example/cars/image/upload/v1/marketplace/abc123.jpg';
    const created = await seller.post('/api/vehicles', listingInput({ images: [hosted, '/uploads/2026/11/own.webp'], coverPhotoIndex: 0 }));
    expect(created.status).toBe(201);
    expect(created.body.images[0]).toBe(hosted);
    const refused = await seller.post('/api/vehicles', listingInput({ images: ['https://elsewhere.example/x.jpg'], coverPhotoIndex: 0 }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'images', message: 'Each image must be a photo uploaded to this site' }]);
  });

  it('is allowed by the content security policy for images and uploads', async () => {
    const csp = (await t.client().get('/api/health')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/img-src [^;]*https:\/\/res\.images\.example/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.images\.example/);
  });
});
