import { PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { PHOTO_VARIANT_PX } from '@app/shared';

/** Largest image accepted, in pixels (width × height), checked from the header before any decoding. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Long side of the stored full-size photo and of the card-size one. */
export const FULL_SIZE_PX = PHOTO_VARIANT_PX.full;
export const CARD_SIZE_PX = PHOTO_VARIANT_PX.card;
/** WebP quality of the full-size photo, and the size it is brought under (by lower qualities) when it can be. */
export const FULL_SIZE_QUALITY = 80;
export const FULL_SIZE_MAX_BYTES = 500 * 1024;

/** Formats accepted, by their content: what sharp reads, restricted to photo formats. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
const NOT_AN_IMAGE = 'File must be an image (JPEG, PNG, WebP, HEIC or AVIF)';

export interface ProcessedVariant {
  data: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  full: ProcessedVariant;
  card: ProcessedVariant;
}

/**
 * Re-encodes an uploaded photo: the type is read from the bytes (never the name or declared type), the
 * pixel count is checked from the header before decoding, then the image is rotated by its EXIF
 * orientation and written as WebP in two sizes with no metadata at all (sharp keeps none unless asked:
 * EXIF with GPS, XMP, IPTC and ICC are dropped; colours are converted to sRGB).
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const metadata = await readHeader(input);
  if (!ACCEPTED_FORMATS.has(metadata.format ?? '')) throw new UnsupportedMediaTypeException(NOT_AN_IMAGE);
  // sharp's prebuilt libvips decodes AVIF (AV1) but not HEVC-coded HEIC.
  if (metadata.format === 'heif' && metadata.compression !== 'av1') {
    throw new UnsupportedMediaTypeException('HEIC photos cannot be read here: export the photo as JPEG and upload it again');
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width * height > MAX_INPUT_PIXELS) {
    throw new PayloadTooLargeException(`Image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels (this one has ${width} × ${height})`);
  }

  // limitInputPixels guards the decoder too, should a header understate the real size.
  const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  try {
    const [full, card] = await Promise.all([
      encode(source.clone(), FULL_SIZE_PX, FULL_SIZE_QUALITY, FULL_SIZE_MAX_BYTES),
      encode(source.clone(), CARD_SIZE_PX, 76),
    ]);
    return { full, card };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new PayloadTooLargeException(`Image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
    }
    throw new UnsupportedMediaTypeException('The image could not be read: the file is damaged or incomplete');
  }
}

async function readHeader(input: Buffer): Promise<Metadata> {
  try {
    // Reading the header decodes no pixels, so no pixel limit is needed here; it is enforced right after.
    return await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new UnsupportedMediaTypeException(NOT_AN_IMAGE);
  }
}

/**
 * Resizes (never enlarging) and writes WebP at `quality`; with `maxBytes`, a result over it is written again
 * at lower qualities (down to 50) so a detailed 2048 px photo stays near half a megabyte.
 */
async function encode(pipeline: Sharp, longSide: number, quality: number, maxBytes = Infinity): Promise<ProcessedVariant> {
  const resized = pipeline.resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true });
  for (let q = quality; ; q -= 10) {
    const { data, info } = await resized.clone().webp({ quality: q, effort: 4, smartSubsample: true }).toBuffer({ resolveWithObject: true });
    if (data.length <= maxBytes || q - 10 < 50) return { data, width: info.width, height: info.height };
  }
}

/**
 * Checks photos already encoded as the upload rules store them (imports): both WebP, each within its long
 * side. Answers their sizes; 415 otherwise. Reads headers only.
 */
export async function checkProcessedImage(full: Buffer, card: Buffer): Promise<ProcessedImage> {
  const variant = async (data: Buffer, longSide: number): Promise<ProcessedVariant> => {
    const metadata = await readHeader(data);
    const width = metadata.width ?? 0;
    const height = metadata.height ?? 0;
    if (metadata.format !== 'webp' || width < 1 || height < 1 || Math.max(width, height) > longSide) {
      throw new UnsupportedMediaTypeException(`An imported photo must be WebP with a long side of at most ${longSide} px`);
    }
    return { data, width, height };
  };
  return { full: await variant(full, FULL_SIZE_PX), card: await variant(card, CARD_SIZE_PX) };
}
