import { createPasswordChecker } from './password-strength';

describe('the password strength rule', () => {
  const check = createPasswordChecker();

  it.each(['123456', 'password', 'qwerty123', 'iloveyou1', 'abc123456'])('refuses the common password %s, saying why', (password) => {
    const verdict = check(password);
    expect(verdict.problem).toMatch(/choose a less common password$/);
    expect(verdict.score).toBeLessThan(2);
  });

  it("refuses the site's and the person's names", () => {
    expect(check('AutoTrust2026', { siteName: 'AutoTrust Motors' }).problem).not.toBeNull();
    expect(check('jordanblake', { firstName: 'Jordan', lastName: 'Blake', email: 'jordan.blake@example.com' }).problem).not.toBeNull();
  });

  it('keeps the minimum of 6 characters', () => {
    expect(check('a8#Kq').problem).toBe('Password must be at least 6 characters');
  });

  it('accepts a password that is hard to guess', () => {
    for (const password of ['correct-horse-battery', 'Tq8#mZ2!vw', 'seller-demo-2026']) expect({ password, problem: check(password).problem }).toEqual({ password, problem: null });
  });
});
