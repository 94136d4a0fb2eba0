import { Logger } from '@nestjs/common';
import { constants } from 'node:fs';
import { access, mkdir, rename, rm, statfs, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { UPLOADS_PATH_PREFIX } from '@app/shared';
import { assertStorageKey, isStorageUrl, type ObjectStorage } from './object-storage';

/** Files under one folder, served by the API at /uploads/<key>. */
export class LocalDiskStorage implements ObjectStorage {
  private readonly logger = new Logger(LocalDiskStorage.name);

  constructor(readonly root: string) {}

  async put(key: string, body: Buffer, _contentType: string): Promise<string> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Write to a temporary name first so a reader never sees half a file.
    const temporary = `${path}.${process.pid}.tmp`;
    await writeFile(temporary, body);
    await rename(temporary, path);
    return UPLOADS_PATH_PREFIX + key;
  }

  async delete(url: string): Promise<void> {
    if (!this.owns(url)) return;
    try {
      await rm(this.pathOf(url.slice(UPLOADS_PATH_PREFIX.length)), { force: true });
    } catch (error) {
      this.logger.warn(`Could not delete ${url}: ${(error as Error).message}`);
    }
  }

  owns(url: string): boolean {
    return isStorageUrl(url);
  }

  async check(): Promise<void> {
    await access(this.root, constants.W_OK);
  }

  /** Free bytes of the file system under the upload folder (for an unprivileged process). */
  async freeBytes(): Promise<number> {
    await mkdir(this.root, { recursive: true });
    const stats = await statfs(this.root);
    return stats.bavail * stats.bsize;
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  }
}
