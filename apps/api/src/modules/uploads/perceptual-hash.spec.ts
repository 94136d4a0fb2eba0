import sharp from 'sharp';
import { hammingDistance, hashBands, isDistinctive, perceptualHash, SAME_PHOTO_MAX_DISTANCE } from './perceptual-hash';

/** A picture with structure: shapes in several colours on a gradient. */
const scene = (shift: number) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#123"/><stop offset="1" stop-color="#8ac"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#g)"/>
    <circle cx="${300 + shift}" cy="400" r="180" fill="#e33"/><rect x="${700 - shift}" y="150" width="300" height="420" fill="#fd3"/>
    <rect x="100" y="650" width="1000" height="80" fill="#222"/></svg>`);

describe('perceptualHash', () => {
  it('gives the same picture, re-encoded and resized, nearly the same hash, and another picture a distant one', async () => {
    const original = await sharp(scene(0)).jpeg({ quality: 90 }).toBuffer();
    const reencoded = await sharp(original).resize(640).webp({ quality: 60 }).toBuffer();
    const other = await sharp(scene(250)).jpeg().toBuffer();
    const [a, b, c] = await Promise.all([perceptualHash(original), perceptualHash(reencoded), perceptualHash(other)]);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(hammingDistance(a, b)).toBeLessThanOrEqual(SAME_PHOTO_MAX_DISTANCE);
    expect(hammingDistance(a, c)).toBeGreaterThan(SAME_PHOTO_MAX_DISTANCE * 3);
    expect(isDistinctive(a)).toBe(true);
  });

  it('finds a plain picture featureless', async () => {
    const plain = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a6ea5' } }).png().toBuffer();
    expect(isDistinctive(await perceptualHash(plain))).toBe(false);
  });

  it('cuts a hash into 16-bit bands and counts differing bits', () => {
    expect(hashBands('0001ffff8000abcd')).toEqual([0x0001, 0xffff, 0x8000, 0xabcd]);
    expect(hammingDistance('0000000000000000', '0000000000000007')).toBe(3);
    expect(hammingDistance('ffff000000000000', '0000000000000000')).toBe(16);
  });
});
