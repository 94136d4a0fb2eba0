// The demo tool's render cache: photos rendered by one checkout, kept for the next of the same sources.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { BundlePhoto } from '@app/shared';

/**
 * Where rendered photos are kept between clones and checkouts of one machine, by the renderer's stamp: a render
 * depends only on the renderer's sources and the shared photo rules (the stamp) and on its job, so a photo that
 * another checkout of the same renderer made is copied instead of rendered again (0.7 s of CPU each, 462 of them).
 * DEMO_PHOTO_CACHE names the folder (default: ~/.cache/carmarket/demo-photos, or under XDG_CACHE_HOME), `off`
 * renders everything. Only the newest renderers' folders are kept.
 */
const KEPT_RENDERERS = 3;
export function photoCacheOf(stamp: string): string | undefined {
  const setting = process.env.DEMO_PHOTO_CACHE;
  if (setting === 'off') return undefined;
  const base = setting || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'carmarket', 'demo-photos');
  const dir = join(base, stamp.replace(/[^\w.-]/g, '_'));
  try {
    mkdirSync(dir, { recursive: true });
    const others = readdirSync(base)
      .filter((name) => join(base, name) !== dir)
      .map((name) => ({ name, at: statSync(join(base, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at);
    for (const old of others.slice(KEPT_RENDERERS - 1)) rmSync(join(base, old.name), { recursive: true, force: true });
    return dir;
  } catch (error) {
    console.warn(`Demo photo cache not used (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  }
}

/** What a render depends on besides the renderer, and the cache folder it is kept in (none: not cached). */
export interface CachedRender {
  cache?: string;
  listing: number;
  k: number;
  bodyType: string;
  color: string;
  view: string;
}

/** A render's name in the cache. */
const cacheKeyOf = (job: CachedRender): string =>
  createHash('sha256').update(JSON.stringify([job.listing, job.k, job.bodyType, job.color, job.view])).digest('hex').slice(0, 20);

/**
 * The photo from the cache, its files copied into `out` under the name `file`; undefined when the cache lacks it
 * (or any of its files).
 */
export function fromCache(job: CachedRender, out: string, file: string): BundlePhoto | undefined {
  if (!job.cache) return undefined;
  const entry = join(job.cache, cacheKeyOf(job));
  try {
    const { photo, suffixes } = JSON.parse(readFileSync(`${entry}.json`, 'utf8')) as { photo: Omit<BundlePhoto, 'file'>; suffixes: string[] };
    for (const suffix of suffixes) copyFileSync(entry + suffix, join(out, file + suffix));
    return { file, ...photo };
  } catch {
    return undefined;
  }
}

/**
 * Keeps a rendered photo (its files in `out`) in the cache: its files first, its description last (an entry
 * without one is not read). A cache that cannot be written is warned about, never an error.
 */
export function toCache(job: CachedRender, out: string, photo: BundlePhoto, suffixes: string[]): void {
  if (!job.cache) return;
  const entry = join(job.cache, cacheKeyOf(job));
  try {
    for (const suffix of suffixes) copyFileSync(join(out, photo.file + suffix), entry + suffix);
    const { file: _file, ...rest } = photo;
    writeFileSync(`${entry}.json.tmp`, JSON.stringify({ photo: rest, suffixes }));
    renameSync(`${entry}.json.tmp`, `${entry}.json`);
  } catch (error) {
    console.warn(`Demo photo not cached (${error instanceof Error ? error.message : String(error)})`);
  }
}

const photoFileOf = (listing: number, k: number): string => `photos/${String(listing).padStart(2, '0')}-${k}`;

