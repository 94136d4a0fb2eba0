import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';

/**
 * A camera-like JPEG: 1200×800 pixels stored sideways (EXIF orientation 6, "rotate 90° to view"), with
 * the camera make and a GPS position in its EXIF.
 */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a6ea5' } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'T-1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 2/1', GPSLongitudeRef: 'W', GPSLongitude: '97/1 44/1 35/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** An uncompressed PNG of noise, about 12 MB: a real image over the 10 MB limit. */
export function twelveMegabytePng(): Promise<Buffer> {
  const width = 2000;
  const height = 2000;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

/** A valid PNG header announcing 10,000 × 10,000 pixels (100 megapixels) around a few bytes of data. */
export function pixelBombPng(side = 10_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** True when an EXIF block (as sharp's metadata answers it) holds a GPS sub-directory (tag 0x8825 in IFD0). */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') === 0 ? 6 : 0);
  const little = tiff.toString('ascii', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let i = 0; i < entries; i += 1) {
    if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  }
  return false;
}

/** A multipart body with one file part. */
export function formWith(bytes: Buffer | string, filename: string, type: string, field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), filename);
  return form;
}

/**
 * A decompression bomb: a valid 1-bit PNG of `side` × `side` black pixels, about 6 KB at 7000 (8,000 pixels a
 * byte). Before the ratio check it decoded in full: 3.7 s of CPU and 500 MB for one upload.
 */
export function bitBombPng(side = 7000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth: 1 bit a pixel
  ihdr[9] = 0; // greyscale
  // Every row: filter byte 0, then every pixel black: all zero bytes, written whole (valid to its last row), which
  // deflate packs at its best ratio (about 1,000 : 1).
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A photo-like image: smooth colour gradients (sky, bodywork) with sensor noise of ± `noise` levels on every
 * channel, so it compresses as a camera's photo does (a few pixels a byte), not as a flat test card.
 */
export function photoLike(width: number, height: number, noise = 8): Sharp {
  const pixels = Buffer.alloc(width * height * 3);
  const random = randomBytes(pixels.length);
  const span = 2 * noise + 1;
  for (let y = 0, i = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1, i += 3) {
      pixels[i] = clamp(60 + (150 * x) / width + (random[i] % span) - noise);
      pixels[i + 1] = clamp(90 + (100 * y) / height + (random[i + 1] % span) - noise);
      pixels[i + 2] = clamp(200 - (120 * (x + y)) / (width + height) + (random[i + 2] % span) - noise);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** A 48-megapixel phone photo: 8000 × 6000, JPEG quality 90, about 8 MB (as a current phone's main camera writes). */
export function phone48MpJpeg(): Promise<Buffer> {
  return photoLike(8000, 6000, 8).jpeg({ quality: 90 }).toBuffer();
}

/**
 * A JPEG cut short and closed again with an end-of-image marker, as a failed transfer or a crafted file is:
 * libjpeg only warns ("premature end of data segment") and would fill the missing part grey.
 */
export async function truncatedJpeg(width = 2000, height = 1500): Promise<Buffer> {
  const whole = await photoLike(width, height).jpeg({ quality: 90 }).toBuffer();
  return Buffer.concat([whole.subarray(0, Math.floor(whole.length / 2)), Buffer.from([0xff, 0xd9])]);
}
