import { createHmac, timingSafeEqual } from 'node:crypto';

const TAG_LENGTH = 16;
const ADDRESS = /^lead-(\d{1,10})-([a-z0-9_-]{16})@(.+)$/i;

function tag(secret: string, leadId: number): string {
  return createHmac('sha256', secret).update(`lead-reply:${leadId}`).digest('base64url').slice(0, TAG_LENGTH).toLowerCase();
}

/** The reply address of one lead: lead-<id>-<HMAC tag>@domain, so a buyer's answer finds its thread. */
export function replyAddress(secret: string, leadId: number, domain: string): string {
  return `lead-${leadId}-${tag(secret, leadId)}@${domain}`;
}

/**
 * Reads a recipient address: 'none' when it is not a reply address of ours (keep the mail for staff), 'forged'
 * when it looks like one but its tag is wrong or the domain is not ours (drop and count), else the lead's id.
 */
export function readReplyAddress(secret: string, address: string, domain: string): { kind: 'none' } | { kind: 'forged' } | { kind: 'lead'; leadId: number } {
  const match = ADDRESS.exec(address.trim());
  if (!match) return { kind: 'none' };
  const leadId = Number(match[1]);
  const given = Buffer.from(match[2]!.toLowerCase());
  const expected = Buffer.from(tag(secret, leadId));
  if (match[3]!.toLowerCase() !== domain || given.length !== expected.length || !timingSafeEqual(given, expected)) return { kind: 'forged' };
  return { kind: 'lead', leadId };
}
