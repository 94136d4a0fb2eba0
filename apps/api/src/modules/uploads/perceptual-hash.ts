import sharp from 'sharp';

/** Bits two photos' hashes may differ by and still count as the same picture (re-encoded, resized, lightly edited). */
export const SAME_PHOTO_MAX_DISTANCE = 3;
/** A hash is cut into this many 16-bit bands for lookup; it must exceed SAME_PHOTO_MAX_DISTANCE (pigeonhole). */
export const HASH_BANDS = 4;

/**
 * The difference hash (dHash) of a photo: grey, shrunk to 9 × 8, one bit per pixel telling whether it is
 * brighter than its right neighbour. Survives re-encoding, resizing and small colour changes; 64 bits as 16
 * hex digits.
 */
export async function perceptualHash(image: Buffer): Promise<string> {
  const pixels = await sharp(image, { failOn: 'none' }).greyscale().resize(9, 8, { fit: 'fill', kernel: 'lanczos3' }).raw().toBuffer();
  let hex = '';
  for (let row = 0; row < 8; row += 1) {
    let byte = 0;
    for (let col = 0; col < 8; col += 1) byte = (byte << 1) | (pixels[row * 9 + col] > pixels[row * 9 + col + 1] ? 1 : 0);
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}

/** The hash's 16-bit bands, most significant first. */
export function hashBands(hash: string): number[] {
  return Array.from({ length: HASH_BANDS }, (_, i) => parseInt(hash.slice(i * 4, i * 4 + 4), 16));
}

/**
 * A hash with almost all bits equal comes from a nearly featureless picture (a plain colour, a smooth
 * gradient): all such pictures look alike to the hash, so they match nothing.
 */
export function isDistinctive(hash: string): boolean {
  const ones = hammingDistance(hash, '0'.repeat(hash.length));
  return ones >= 6 && ones <= hash.length * 4 - 6;
}

/** Number of differing bits of two hashes. */
export function hammingDistance(a: string, b: string): number {
  let distance = 0;
  for (let i = 0; i < a.length; i += 4) {
    let x = parseInt(a.slice(i, i + 4), 16) ^ parseInt(b.slice(i, i + 4), 16);
    while (x) {
      distance += x & 1;
      x >>= 1;
    }
  }
  return distance;
}
