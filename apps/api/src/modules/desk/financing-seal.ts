import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { LeadFinancing } from '@app/shared';

const VERSION = 'v1';

/**
 * Seals the financing answers with AES-256-GCM under the application key (FINANCING_KEY): a fresh 12-byte IV per
 * record, the lead id bound as associated data (a sealed blob copied onto another lead does not open).
 * Stored as "v1.<iv>.<tag>.<ciphertext>" in base64url.
 */
export function sealFinancing(key: Buffer, leadId: number, answers: LeadFinancing): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`lead:${leadId}`));
  const body = Buffer.concat([cipher.update(JSON.stringify(answers), 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Opens a sealed record; throws when the key, the lead or the bytes differ from the sealing. */
export function openFinancing(key: Buffer, leadId: number, sealed: string): LeadFinancing {
  const [version, iv, authTag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !authTag || !body) throw new Error('not a sealed financing record');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`lead:${leadId}`));
  decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  return JSON.parse(plain) as LeadFinancing;
}
