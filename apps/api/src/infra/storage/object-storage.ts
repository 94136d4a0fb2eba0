/**
 * Where listing photos live. Local disk now (served under /uploads); an object-storage driver (S3 and
 * alike) implements the same interface when several API instances must share the files.
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
}

export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');
