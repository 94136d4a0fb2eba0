import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The token of an alert e-mail's unsubscribe link: the saved search's id signed with a key derived from
 * SESSION_SECRET, so one click turns that alert off without signing in, and nobody can forge another's.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'carmarket-unsubscribe-salt', 'saved-search-unsubscribe', 32));
  }

  private sign(id: number): string {
    return createHmac('sha256', this.key).update(`saved-search:${id}`).digest('base64url');
  }

  issue(savedSearchId: number): string {
    return `${savedSearchId}.${this.sign(savedSearchId)}`;
  }

  /** The saved search's id, or null for a token this site did not sign. */
  verify(token: string): number | null {
    const match = /^([1-9][0-9]{0,9})\.([\w-]{43})$/.exec(token);
    if (!match) return null;
    const id = Number(match[1]);
    const expected = Buffer.from(this.sign(id));
    const given = Buffer.from(match[2]!);
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
  }
}
