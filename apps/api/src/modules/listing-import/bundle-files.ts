import { BadRequestException } from '@nestjs/common';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { BUNDLE_PHOTOS_DONE_FILE, parseDonePhotos, type BundlePhoto } from '@app/shared';

/** A path of the bundle, refused (400) if it leaves the bundle folder. */
export function insideBundle(dir: string, path: string): string {
  const root = resolve(dir);
  const full = resolve(root, path);
  if (!full.startsWith(root + sep)) throw new BadRequestException(`Bundle path outside the bundle: ${path}`);
  return full;
}

/** Reads the files of a bundle photo by suffix; 400 for a missing one or a path outside the bundle. */
export function bundlePhotoReader(dir: string, photo: Pick<BundlePhoto, 'file'>): (suffix: string) => Promise<Buffer> {
  return async (suffix) => {
    if (typeof photo.file !== 'string') throw new BadRequestException('A bundle photo needs its file name');
    const path = insideBundle(dir, photo.file + suffix);
    return readFile(path).catch(() => {
      throw new BadRequestException(`Missing photo file ${photo.file + suffix}`);
    });
  };
}

/** The photos of a bundle whose files are whole (its photos.done), by `file`. */
export function donePhotosOf(dir: string): Map<string, BundlePhoto> {
  const path = join(dir, BUNDLE_PHOTOS_DONE_FILE);
  return existsSync(path) ? parseDonePhotos(readFileSync(path, 'utf8')) : new Map();
}
