import { Controller, Get, Module } from '@nestjs/common';
import { registerUser } from '../factories/user.factory';
import { startTestApp, type TestApp } from '../support/test-app';
import type { AuthUser } from '../../src/modules/auth/auth-user';
import { CurrentUser, Public, Roles } from '../../src/modules/auth/auth.decorators';
import { UsersService } from '../../src/modules/users/users.service';

describe('access control', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD, and running it again changes nothing', async () => {
    const admin = t.client();
    const res = await admin.post('/api/login', { email: 'boss@example.com', password: 'boss-password' });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('admin');
    await expect(t.app.get(UsersService).ensureAdmin('boss@example.com', 'other-password')).resolves.toBe('unchanged');
    expect((await t.client().post('/api/login', { email: 'boss@example.com', password: 'boss-password' })).status).toBe(200);
  });

  it('promotes an existing user to admin', async () => {
    const { input } = await registerUser(t.client());
    await expect(t.app.get(UsersService).ensureAdmin(input.email.toUpperCase(), 'ignored-pass')).resolves.toBe('promoted');
    const res = await t.client().post('/api/login', { email: input.email, password: input.password });
    expect(res.body.role).toBe('admin');
  });
});

@Controller('guard-probe')
class ProbeController {
  @Public()
  @Get('public')
  open() {
    return { ok: true };
  }

  @Get('signed-in')
  signedIn() {
    return { ok: true };
  }

  /** What a handler is handed as the caller, as it is (no mapping). */
  @Public()
  @Get('caller')
  caller(@CurrentUser() user: AuthUser | undefined) {
    return { caller: user ?? null };
  }

  @Roles('admin')
  @Get('admin')
  adminOnly() {
    return { ok: true };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('SessionAuthGuard and @Roles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password' }, [ProbeModule]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets visitors reach @Public routes', async () => {
    expect((await t.client().get('/api/guard-probe/public')).status).toBe(200);
  });

  it('hands handlers an AuthUser (id, email, role, names), never the user row with its password hash', async () => {
    const client = t.client();
    expect((await client.get('/api/guard-probe/caller')).body).toEqual({ caller: null });
    const { user, input } = await registerUser(client);
    const res = await client.get('/api/guard-probe/caller');
    expect(res.status).toBe(200);
    expect(res.body.caller).toEqual({ id: user.id, email: input.email.toLowerCase(), role: 'user', firstName: user.firstName, lastName: user.lastName });
    const signedIn = t.client();
    expect((await signedIn.post('/api/login', { email: input.email, password: input.password })).status).toBe(200);
    expect(Object.keys((await signedIn.get('/api/guard-probe/caller')).body.caller).sort()).toEqual(['email', 'firstName', 'id', 'lastName', 'role']);
  });

  it('answers 401 to visitors on other routes', async () => {
    expect((await t.client().get('/api/guard-probe/signed-in')).status).toBe(401);
    expect((await t.client().get('/api/guard-probe/admin')).status).toBe(401);
  });

  it('answers 403 to a signed-in user without the role', async () => {
    const client = t.client();
    await registerUser(client);
    expect((await client.get('/api/guard-probe/signed-in')).status).toBe(200);
    const res = await client.get('/api/guard-probe/admin');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ statusCode: 403, message: 'You do not have access to this resource' });
  });

  it('lets an admin through', async () => {
    const client = t.client();
    await client.post('/api/login', { email: 'admin@example.com', password: 'admin-password' });
    expect((await client.get('/api/guard-probe/admin')).status).toBe(200);
  });
});
