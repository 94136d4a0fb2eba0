import { createVehicle, deleteVehicle, updateVehicle } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/** Saved vehicles follow the account: saved on one device, listed on another; a browser's list merges in. */
describe('saved vehicles of an account', () => {
  let t: TestApp;
  let sellerId: number;
  const live: number[] = [];
  let pendingId: number;

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    sellerId = (await registerUser(t.client())).user.id;
    for (let i = 0; i < 4; i += 1) live.push((await createVehicle(t, sellerId, { status: 'approved' })).id);
    pendingId = (await createVehicle(t, sellerId, { status: 'pending' })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  /** A second client signed in as the same account: another device. */
  async function twoDevices(): Promise<[HttpClient, HttpClient]> {
    const phone = t.client();
    const { input } = await registerUser(phone);
    const laptop = t.client();
    expect((await laptop.post('/api/login', { email: input.email, password: input.password })).status).toBe(200);
    return [phone, laptop];
  }

  it('saves on one device and lists on the other, newest first; saving twice or unsaving twice changes nothing', async () => {
    const [phone, laptop] = await twoDevices();
    expect((await phone.put(`/api/user/saved/${live[0]}`)).status).toBe(204);
    expect((await phone.put(`/api/user/saved/${live[1]}`)).status).toBe(204);
    expect((await phone.put(`/api/user/saved/${live[1]}`)).status).toBe(204);
    expect((await laptop.get('/api/user/saved')).body).toEqual({ vehicleIds: [live[1], live[0]] });
    expect((await laptop.delete(`/api/user/saved/${live[1]}`)).status).toBe(204);
    expect((await laptop.delete(`/api/user/saved/${live[1]}`)).status).toBe(204);
    expect((await phone.get('/api/user/saved')).body).toEqual({ vehicleIds: [live[0]] });
  });

  it("merges a browser's list on sign-in: public listings only, no duplicates, the account's own kept", async () => {
    const [phone] = await twoDevices();
    await phone.put(`/api/user/saved/${live[2]}`);
    const merged = await phone.post('/api/user/saved/merge', { vehicleIds: [live[0], live[2], pendingId, 999_999, live[1]] });
    expect(merged.status).toBe(200);
    // A copy sorted: sort() in place would change the answer compared below, which then held only when its own
    // order happened to be ascending.
    expect([...merged.body.vehicleIds].sort()).toEqual([live[0], live[1], live[2]].sort());
    // The browser's newest save (first in its list) counts as the account's newest from the merge.
    expect(merged.body.vehicleIds.indexOf(live[0])).toBeLessThan(merged.body.vehicleIds.indexOf(live[1]));
    expect((await phone.post('/api/user/saved/merge', { vehicleIds: [] })).body).toEqual(merged.body);
  });

  it('refuses what is not a vehicle to save (400, 404) and visitors (401)', async () => {
    const [phone] = await twoDevices();
    expect((await phone.put(`/api/user/saved/${pendingId}`)).status).toBe(404);
    expect((await phone.put('/api/user/saved/999999')).status).toBe(404);
    expect((await phone.put('/api/user/saved/01')).status).toBe(400);
    const bad = await phone.post('/api/user/saved/merge', { vehicleIds: [1, 'two', -3] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'vehicleIds', message: 'Each vehicle id must be a positive whole number' }]);
    expect((await phone.post('/api/user/saved/merge', { vehicleIds: Array.from({ length: 501 }, (_, i) => i + 1) })).status).toBe(400);
    expect((await phone.post('/api/user/saved/merge', {})).status).toBe(400);
    const visitor = t.client();
    expect((await visitor.get('/api/user/saved')).status).toBe(401);
    expect((await visitor.put(`/api/user/saved/${live[0]}`)).status).toBe(401);
  });

  it('drops a deleted listing from every list, and hides one that is no longer public until it is again', async () => {
    const [phone] = await twoDevices();
    const doomed = (await createVehicle(t, sellerId, { status: 'approved' })).id;
    const hidden = (await createVehicle(t, sellerId, { status: 'approved' })).id;
    await phone.put(`/api/user/saved/${doomed}`);
    await phone.put(`/api/user/saved/${hidden}`);
    await deleteVehicle(t, doomed);
    await updateVehicle(t, hidden, { status: 'pending' });
    expect((await phone.get('/api/user/saved')).body.vehicleIds).toEqual([]);
    await updateVehicle(t, hidden, { status: 'approved' });
    expect((await phone.get('/api/user/saved')).body.vehicleIds).toEqual([hidden]);
  });
});
