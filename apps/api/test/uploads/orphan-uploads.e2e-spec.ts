import sharp from 'sharp';
import { DataSource, In, IsNull } from 'typeorm';
import { UploadEntity } from '../../src/modules/uploads/entities/upload.entity';
import { OrphanUploadsJob } from '../../src/modules/uploads/jobs/orphan-uploads.job';
import { UploadsService } from '../../src/modules/uploads/uploads.service';
import { createVehicle } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { formWith } from './images';

describe('orphan uploads job', () => {
  let t: TestApp;
  let seller: HttpClient;
  let sellerId: number;
  let photo: Buffer;

  beforeAll(async () => {
    t = await startTestApp({ UPLOAD_MAX_UNATTACHED: '1000' });
    seller = t.client();
    sellerId = (await registerUser(seller)).user.id;
    photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#456' } }).jpeg().toBuffer();
  });
  afterAll(async () => {
    await t.close();
  });

  const uploads = () => t.app.get(DataSource).getRepository(UploadEntity);
  const uploadPhoto = async (): Promise<{ secure_url: string; card_url: string }> => {
    const res = await seller.post('/api/uploads', undefined, { rawBody: formWith(photo, 'car.jpg', 'image/jpeg') });
    expect(res.status).toBe(201);
    return res.body;
  };
  const ageUpload = (url: string, hours: number) => uploads().update({ url }, { createdAt: new Date(Date.now() - hours * 3600_000) });
  const served = async (url: string) => (await t.client().get(url)).status;

  it('removes uploads unattached after UPLOAD_ORPHAN_HOURS (6) with both files, keeps attached and recent ones', async () => {
    const attached = await uploadPhoto();
    const orphan = await uploadPhoto();
    const recent = await uploadPhoto();
    // The listing holds another photo as well: the job matches whole URLs inside the JSON list.
    await createVehicle(t, sellerId, { images: ['/uploads/2020/01/other.webp', attached.secure_url], status: 'pending' });
    await ageUpload(attached.secure_url, 7);
    await ageUpload(orphan.secure_url, 7);
    await ageUpload(recent.secure_url, 5);

    expect(await t.app.get(OrphanUploadsJob).run()).toBe('ran');

    expect(await uploads().findOneBy({ url: orphan.secure_url })).toBeNull();
    expect(await served(orphan.secure_url)).toBe(404);
    expect(await served(orphan.card_url)).toBe(404);

    const kept = await uploads().findOneByOrFail({ url: attached.secure_url });
    expect(kept.attachedAt).toBeInstanceOf(Date);
    expect(await served(attached.secure_url)).toBe(200);
    expect(await served(attached.card_url)).toBe(200);

    expect(await uploads().findOneByOrFail({ url: recent.secure_url })).toMatchObject({ attachedAt: null });
    expect(await served(recent.secure_url)).toBe(200);

    // Running again changes nothing: the attached photo is not checked again, the recent one is not due.
    await expect(t.app.get(UploadsService).removeOrphans()).resolves.toEqual({ removed: 0, attached: 0 });
  });

  it('removes a photo once it is 6 hours old even if its uploader deleted the account', async () => {
    const other = t.client();
    const { user } = await registerUser(other);
    const res = await other.post('/api/uploads', undefined, { rawBody: formWith(photo, 'car.jpg', 'image/jpeg') });
    await t.app.get(DataSource).query('DELETE FROM users WHERE id = ?', [user.id]);
    expect(await uploads().findOneByOrFail({ url: res.body.secure_url })).toMatchObject({ userId: null });
    await ageUpload(res.body.secure_url, 30);

    await expect(t.app.get(UploadsService).removeOrphans()).resolves.toEqual({ removed: 1, attached: 0 });
    expect(await served(res.body.secure_url)).toBe(404);
  });

  it('checks many candidates in batches', async () => {
    const photos = [];
    for (let i = 0; i < 60; i += 1) photos.push(await uploadPhoto());
    await createVehicle(t, sellerId, { images: [photos[3].secure_url, photos[55].secure_url] });
    // As photos of listings saved before the writer attached them at once: the job finds them itself.
    await uploads().update({ url: In([photos[3].secure_url, photos[55].secure_url]) }, { attachedAt: null });
    await uploads().update({ attachedAt: IsNull() }, { createdAt: new Date(Date.now() - 48 * 3600_000) });

    const result = await t.app.get(UploadsService).removeOrphans();
    expect(result).toEqual({ removed: 59, attached: 2 });
    expect(await served(photos[55].secure_url)).toBe(200);
    expect(await served(photos[54].secure_url)).toBe(404);
  });
});
