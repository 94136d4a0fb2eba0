import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio, thumbHashToAverageRGBA } from 'thumbhash';
import { photoFiles } from '../vehicles/image-urls';
import { encodePhoto } from './photo-encoder';

describe('encodePhoto', () => {
  it('writes exactly the files photoFiles names, each in its format and size, with a ThumbHash of the photo', async () => {
    const source = sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#c03020' } });
    const photo = await encodePhoto(source, { speed: 'fast' });
    expect([photo.width, photo.height]).toEqual([1800, 1200]);
    const expected = photoFiles(1800, 1200);
    expect(photo.files.map((f) => f.suffix)).toEqual(expected.map((f) => f.suffix));
    for (const [i, file] of photo.files.entries()) {
      const meta = await sharp(file.data).metadata();
      const want = expected[i]!;
      expect({ suffix: file.suffix, type: file.contentType, format: meta.format, width: meta.width, height: meta.height }).toEqual({
        suffix: want.suffix,
        type: want.contentType,
        format: want.format === 'avif' ? 'heif' : want.format,
        width: want.width,
        height: want.height,
      });
    }
    const hash = Buffer.from(photo.placeholder, 'base64url');
    // ThumbHash keeps the shape coarsely (landscape 3:2 here) and the colours.
    expect(thumbHashToApproximateAspectRatio(hash)).toBeGreaterThan(1.3);
    expect(thumbHashToApproximateAspectRatio(hash)).toBeLessThan(1.7);
    const { r, g, b } = thumbHashToAverageRGBA(hash);
    const off = [r * 255 - 0xc0, g * 255 - 0x30, b * 255 - 0x20].map(Math.abs);
    expect(Math.max(...off)).toBeLessThan(12);
  });

  it('brings a large photo down to a long side of 2048 and never enlarges a small one', async () => {
    const large = await encodePhoto(sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#444' } }), { speed: 'fast' });
    expect([large.width, large.height]).toEqual([2048, 1536]);
    const small = await encodePhoto(sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }), { speed: 'fast' });
    expect([small.width, small.height]).toEqual([300, 200]);
    expect(small.files.map((f) => f.suffix)).toEqual(['.webp', '.avif', '-social.jpg']);
    // Transparency is flattened on white.
    const { data } = await sharp(small.files[0]!.data).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([255, 255, 255]);
  });
});
