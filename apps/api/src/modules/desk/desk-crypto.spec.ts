import { randomBytes } from 'node:crypto';
import { openFinancing, sealFinancing } from './financing-seal';
import { readReplyAddress, replyAddress } from './reply-token';

const answers = { idType: 'passport', idNumber: 'X1234567', annualIncome: 85_000, creditHistory: 'good', hasInsurance: true, insurer: 'Acme' };

describe('financing seal', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and the stored text shows none of the answers', () => {
    const sealed = sealFinancing(key, 7, answers);
    expect(sealed).not.toContain('85000');
    expect(sealed).not.toContain('good');
    expect(sealed).not.toContain('X1234567');
    expect(openFinancing(key, 7, sealed)).toEqual(answers);
  });

  it('refuses another key, another lead, or altered bytes', () => {
    const sealed = sealFinancing(key, 7, answers);
    expect(() => openFinancing(randomBytes(32), 7, sealed)).toThrow();
    expect(() => openFinancing(key, 8, sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => openFinancing(key, 7, parts.join('.'))).toThrow();
  });
});

describe('reply address', () => {
  it('reads back the lead of its own address', () => {
    const address = replyAddress('secret-one', 42, 'reply.example.com');
    expect(address).toMatch(/^lead-42-[a-z0-9_-]{16}@reply\.example\.com$/);
    expect(readReplyAddress('secret-one', address.toUpperCase().replace('REPLY.EXAMPLE.COM', 'reply.example.com'), 'reply.example.com')).toEqual({ kind: 'lead', leadId: 42 });
  });

  it('calls a wrong tag, another lead number or another domain forged', () => {
    const address = replyAddress('secret-one', 42, 'reply.example.com');
    expect(readReplyAddress('secret-two', address, 'reply.example.com')).toEqual({ kind: 'forged' });
    expect(readReplyAddress('secret-one', address.replace('lead-42-', 'lead-43-'), 'reply.example.com')).toEqual({ kind: 'forged' });
    expect(readReplyAddress('secret-one', address.replace('reply.example.com', 'evil.example'), 'reply.example.com')).toEqual({ kind: 'forged' });
  });

  it('leaves other addresses to the unmatched mail', () => {
    expect(readReplyAddress('secret-one', 'sales@reply.example.com', 'reply.example.com')).toEqual({ kind: 'none' });
  });
});
