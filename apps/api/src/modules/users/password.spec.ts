import * as argon2 from 'argon2';
import { PRODUCTION_PASSWORD_HASH_COST } from '../../infra/config/app-config';
import { decoyHash, hashPassword, NO_PASSWORD, verifyPassword } from './password';

// The real argon2, its verify watched (a spy on the namespace import would not see password.ts's calls).
jest.mock('argon2', () => {
  const actual = jest.requireActual<typeof import('argon2')>('argon2');
  return { ...actual, verify: jest.fn(actual.verify) };
});

const CHEAP = { memoryKib: 1024, passes: 1 };

describe('password hashing', () => {
  it('hashes with argon2id at the given cost, which the hash records', async () => {
    const hash = await hashPassword('correct horse battery', { memoryKib: 1024, passes: 1 });
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,p=4,t=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery', CHEAP)).toBe(true);
    expect(await verifyPassword(hash, 'correct horse batterz', CHEAP)).toBe(false);
  });

  it('verifies a cheap hash and a production-cost hash alike (the parameters travel in the hash)', async () => {
    const production = await hashPassword('s3cret-Garage-9', PRODUCTION_PASSWORD_HASH_COST);
    expect(production).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(await verifyPassword(production, 's3cret-Garage-9', CHEAP)).toBe(true);
    const cheap = await hashPassword('s3cret-Garage-9', { memoryKib: 2048, passes: 2 });
    expect(await verifyPassword(cheap, 's3cret-Garage-9', CHEAP)).toBe(true);
  });

  it('answers false, not an error, for a stored value that is not a hash', async () => {
    expect(await verifyPassword('not-a-hash', 'anything', CHEAP)).toBe(false);
    expect(await verifyPassword('$argon2id$damaged', 'anything', CHEAP)).toBe(false);
  });

  it('matches nothing against an account without a password, after verifying the decoy (a refusal takes as long as any)', async () => {
    const verify = jest.mocked(argon2.verify);
    const decoy = await decoyHash(CHEAP);
    verify.mockClear();
    expect(await verifyPassword(NO_PASSWORD, NO_PASSWORD, CHEAP)).toBe(false);
    expect(await verifyPassword(NO_PASSWORD, '', CHEAP)).toBe(false);
    expect(verify.mock.calls).toEqual([
      [decoy, NO_PASSWORD],
      [decoy, ''],
    ]);
  });

  it('makes the decoy at the configured cost, once per cost', async () => {
    const cheap = { memoryKib: 1024, passes: 1 };
    expect(await decoyHash(cheap)).toMatch(/^\$argon2id\$v=19\$m=1024,p=4,t=1\$/);
    expect(decoyHash(cheap)).toBe(decoyHash({ ...cheap }));
    expect(await decoyHash({ memoryKib: 2048, passes: 1 })).toMatch(/m=2048,p=4,t=1\$/);
  });
});
