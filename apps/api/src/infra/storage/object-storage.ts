import type { Readable } from 'node:stream';
import { UPLOADS_PATH_PREFIX } from '@app/shared';

/**
 * Where listing photos live: local disk (one machine) or an S3-compatible bucket (several API instances).
 * Both issue the same URLs, `/uploads/<key>`, served by GET /uploads/<key>.
 */
export interface ObjectStorage {
  /** Stores the bytes under `key` (e.g. "2026/11/ab12cd.webp") and answers the public URL. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** Removes the object behind a URL this storage issued; unknown or foreign URLs are ignored. */
  delete(url: string): Promise<void>;
  /** True when the URL is one this storage issued. */
  owns(url: string): boolean;
  /** Resolves when the store is reachable and writable (readiness check); rejects with the reason. */
  check(): Promise<void>;
  /** Free bytes where new objects go; null when the store has no such limit to watch (a bucket). */
  freeBytes(): Promise<number | null>;
}

/** An object read back for serving. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  length?: number;
}

/** The shape of every storage key: "2026/11/<hex>.webp" and alike. */
export const STORAGE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_-]{0,200}\.[a-z0-9]{2,5}$/;

export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

/** Throws on a key outside STORAGE_KEY (or one that climbs out with ".."). */
export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
}

/** True for a URL of the form every storage issues: `/uploads/<key>`. */
export function isStorageUrl(url: string): boolean {
  return url.startsWith(UPLOADS_PATH_PREFIX) && STORAGE_KEY.test(url.slice(UPLOADS_PATH_PREFIX.length));
}
