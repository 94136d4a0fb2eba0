import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromCache, photoCacheOf, toCache } from './photo-cache';

describe('the demo render cache', () => {
  let base: string;
  let out: string;
  const before = process.env.DEMO_PHOTO_CACHE;

  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'demo-cache-'));
    out = mkdtempSync(join(tmpdir(), 'demo-out-'));
    process.env.DEMO_PHOTO_CACHE = base;
  });
  afterEach(() => {
    rmSync(base, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
    if (before === undefined) delete process.env.DEMO_PHOTO_CACHE;
    else process.env.DEMO_PHOTO_CACHE = before;
  });

  const job = (cache: string | undefined, color = 'blue') => ({ cache, listing: 3, k: 1, bodyType: 'suv', color, view: 'front-left' });

  it('gives a rendered photo back, its files copied under the new name, to the same job only', () => {
    const cache = photoCacheOf('renderer-aaaa');
    expect(cache).toBeDefined();
    writeFileSync(join(out, 'photos-03-1-320.webp'), 'small');
    writeFileSync(join(out, 'photos-03-1-1024.avif'), 'large');
    toCache(job(cache), out, { file: 'photos-03-1', width: 1600, height: 1067, placeholder: 'abc' }, ['-320.webp', '-1024.avif']);

    const other = mkdtempSync(join(tmpdir(), 'demo-out-'));
    try {
      expect(fromCache(job(cache), other, 'p')).toEqual({ file: 'p', width: 1600, height: 1067, placeholder: 'abc' });
      expect(readFileSync(join(other, 'p-320.webp'), 'utf8')).toBe('small');
      expect(readFileSync(join(other, 'p-1024.avif'), 'utf8')).toBe('large');
      expect(fromCache(job(cache, 'red'), other, 'q')).toBeUndefined();
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('misses an entry that lost a file, and caches nothing when off', () => {
    const cache = photoCacheOf('renderer-bbbb')!;
    writeFileSync(join(out, 'x-320.webp'), 'small');
    toCache(job(cache), out, { file: 'x', width: 1, height: 1, placeholder: '' }, ['-320.webp']);
    for (const name of readdirSync(cache)) if (name.endsWith('.webp')) rmSync(join(cache, name));
    expect(fromCache(job(cache), out, 'y')).toBeUndefined();

    process.env.DEMO_PHOTO_CACHE = 'off';
    expect(photoCacheOf('renderer-bbbb')).toBeUndefined();
    expect(fromCache(job(undefined), out, 'y')).toBeUndefined();
  });

  it('keeps the folders of the three newest renderers only', () => {
    for (const [i, name] of ['renderer-1', 'renderer-2', 'renderer-3'].entries()) {
      mkdirSync(join(base, name));
      utimesSync(join(base, name), 1000 + i, 1000 + i);
    }
    photoCacheOf('renderer-4');
    expect(readdirSync(base).sort()).toEqual(['renderer-2', 'renderer-3', 'renderer-4']);
    expect(existsSync(join(base, 'renderer-1'))).toBe(false);
  });
});
