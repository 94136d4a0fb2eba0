import { PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import sharp, { type Metadata } from 'sharp';
import { isPhotoPlaceholder, PHOTO_LONG_SIDES, photoFiles } from '@app/shared';
import { encodePhoto, type EncodedPhoto } from '@app/shared/server';

/** Largest image accepted, in pixels (width × height), checked from the header before any decoding. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Formats accepted, by their content: what sharp reads, restricted to photo formats. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
const NOT_AN_IMAGE = 'File must be an image (JPEG, PNG, WebP, HEIC or AVIF)';

/**
 * Re-encodes an uploaded photo: the type is read from the bytes (never the name or declared type), the
 * pixel count is checked from the header before decoding, then the image is rotated by its EXIF
 * orientation and written in every size and format kept (`encodePhoto`), with no metadata at all.
 */
export async function processImage(input: Buffer): Promise<EncodedPhoto> {
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
    return await encodePhoto(source);
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
 * Checks the files of a photo already encoded by the upload rules (a listing bundle's): a well-formed
 * placeholder, and each file of `photoFiles` present in its format at exactly its pixel size. Reads headers
 * only; 415 otherwise. Answers the photo as `encodePhoto` would.
 */
export async function checkEncodedPhoto(photo: Omit<EncodedPhoto, 'files'>, read: (suffix: string) => Promise<Buffer>): Promise<EncodedPhoto> {
  const { width, height, placeholder } = photo;
  const longest = PHOTO_LONG_SIDES[PHOTO_LONG_SIDES.length - 1];
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || Math.max(width, height) > longest || !isPhotoPlaceholder(placeholder)) {
    throw new UnsupportedMediaTypeException(`An imported photo needs its size (long side at most ${longest} px) and a ThumbHash placeholder`);
  }
  const files = await Promise.all(
    photoFiles(width, height).map(async (file) => {
      const data = await read(file.suffix);
      const metadata = await readHeader(data);
      if (metadata.format !== (file.format === 'avif' ? 'heif' : file.format) || metadata.width !== file.width || metadata.height !== file.height) {
        throw new UnsupportedMediaTypeException(`An imported photo's ${file.suffix} file must be ${file.format.toUpperCase()}, ${file.width} × ${file.height} px`);
      }
      return { suffix: file.suffix, contentType: file.contentType, data };
    }),
  );
  return { width, height, placeholder, files };
}
