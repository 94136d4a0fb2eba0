import { randomBytes } from 'node:crypto';
import type { HttpClient } from '../support/http-client';

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
