import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MailOutboxEntity } from '../../src/infra/mail/outbox/mail-outbox.entity';
import type { HttpClient } from '../support/http-client';
import type { TestApp } from '../support/test-app';

let counter = 0;

export function userInput(overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {}) {
  counter += 1;
  return {
    email: `user${counter}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'correct-horse-battery',
    firstName: 'Test',
    lastName: `User${counter}`,
    ...overrides,
  };
}

/** Registers (and so signs in) a new user on this client; answers the input and the answered user. */
export async function registerUser(client: HttpClient, overrides: Parameters<typeof userInput>[0] = {}) {
  const input = userInput(overrides);
  const response = await client.post('/api/register', input);
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${response.text}`);
  return { input, user: response.body };
}

/** Follows the newest verification link e-mailed to `email` (read from the outbox), as its owner would. */
export async function verifyEmail(t: TestApp, email: string): Promise<void> {
  const rows = await t.app.get(DataSource).getRepository(MailOutboxEntity).find({ where: { recipient: email.toLowerCase(), kind: 'email-verify' }, order: { id: 'DESC' } });
  const token = /\/verify-email\?token=([\w-]+)/.exec(rows[0]?.text ?? '')?.[1];
  if (!token) throw new Error(`no verification link to ${email}`);
  const response = await t.client().post('/api/auth/verify-email', { token });
  if (response.status !== 200) throw new Error(`verify failed: ${response.status} ${response.text}`);
}

/** Registers (and signs in) a new user on this client and verifies its address, so it gets alerts and notices too. */
export async function registerVerifiedUser(t: TestApp, client: HttpClient, overrides: Parameters<typeof userInput>[0] = {}) {
  const registered = await registerUser(client, overrides);
  await verifyEmail(t, registered.input.email);
  return { ...registered, user: { ...registered.user, emailVerified: true } };
}
