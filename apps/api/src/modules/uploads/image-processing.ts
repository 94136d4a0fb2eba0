import { HttpException, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { imageSize } from 'image-size';
import sharp, { type Metadata } from 'sharp';
import { isPhotoPlaceholder, PHOTO_LONG_SIDES, photoFiles, UPLOAD_FIELD } from '@app/shared';
import { encodePhoto, type EncodedPhoto } from '@app/shared/server';
import { ValidationFailedException } from '../../infra/http/error-body';

/** Largest image accepted, in pixels (width × height), checked from the header before any decoding. */
export const MAX_INPUT_PIXELS = 50_000_000;
/**
 * Pixels a file may declare per byte it holds, beyond FREE_PIXELS: a compression ratio no photo reaches, so
 * a file that claims more is refused before decoding (a decompression bomb: a 6 KB PNG declaring 7000 × 7000
 * is 8,000 pixels a byte, and cost 3.7 s of CPU and 500 MB to decode). Measured with sharp on generated
 * photo-like images (gradients plus sensor noise): JPEG quality 90 holds 1–27 pixels a byte (the 48 MP test
 * photo: about 5), quality 60 24–150 on the smoothest; one flat colour, which no camera makes, 170 (JPEG) to
 * thousands (PNG). AVIF smooths noise away and went past 1,000 on those synthetic scenes: a very smooth AVIF
 * over 4 MP may be refused. 100 keeps camera photos well inside and leaves a bomb no room.
 */
export const MAX_PIXELS_PER_BYTE = 100;
/** Below this many pixels (the largest size kept, 2048 × 2048) decoding is cheap whatever the ratio: flat graphics pass. */
export const FREE_PIXELS = 2048 * 2048;
/** Formats accepted, by their content: what sharp reads, restricted to photo formats. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
const NOT_AN_IMAGE = 'File must be an image (JPEG, PNG, WebP, HEIC or AVIF)';

/** Runs a decoding job (the uploads' DecodeQueue; directly when none is given, as in the photo bench). */
export type DecodeGate = <T>(job: () => Promise<T>) => Promise<T>;
const direct: DecodeGate = (job) => job();

/**
 * Re-encodes an uploaded photo: the type is read from the bytes (never the name or declared type), the
 * pixel count and its ratio to the file's bytes are checked from the header before decoding (checkUpload),
 * then, in a slot of `gate`, the image is rotated by its EXIF orientation and written in every size and
 * format kept (`encodePhoto`), with no metadata at all. A truncated or damaged file is refused (415), not
 * stored half grey.
 */
export async function processImage(input: Buffer, gate: DecodeGate = direct): Promise<EncodedPhoto> {
  await checkUpload(input);
  // limitInputPixels guards the decoder too, should a header understate the real size. failOn 'warning'
  // (sharp's default, advised for untrusted input): libjpeg only warns about a JPEG cut short and closed
  // with an end marker ("premature end of data segment") and would fill the rest grey; 'error' let it in.
  const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' }).rotate();
  try {
    return await gate(() => encodePhoto(source));
  } catch (error) {
    if (error instanceof HttpException) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new PayloadTooLargeException(`Image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
    }
    throw new UnsupportedMediaTypeException('The image could not be read: the file is damaged or incomplete');
  }
}

/**
 * The checks of an upload that read its header only (no pixels decoded): a photo format (415), at most
 * MAX_INPUT_PIXELS (413), and no more than MAX_PIXELS_PER_BYTE pixels a byte beyond FREE_PIXELS (400 on
 * the field `file`). Answers the header.
 */
export async function checkUpload(input: Buffer): Promise<Metadata> {
  const metadata = await readHeader(input);
  if (!ACCEPTED_FORMATS.has(metadata.format ?? '')) throw new UnsupportedMediaTypeException(NOT_AN_IMAGE);
  // sharp's prebuilt libvips decodes AVIF (AV1) but not HEVC-coded HEIC.
  if (metadata.format === 'heif' && metadata.compression !== 'av1') {
    throw new UnsupportedMediaTypeException('HEIC photos cannot be read here: export the photo as JPEG and upload it again');
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  const pixels = width * height;
  if (pixels > MAX_INPUT_PIXELS) {
    throw new PayloadTooLargeException(`Image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels (this one has ${width} × ${height})`);
  }
  if (pixels > FREE_PIXELS && pixels > input.length * MAX_PIXELS_PER_BYTE) {
    throw new ValidationFailedException([
      {
        field: UPLOAD_FIELD,
        message: `The file declares ${width} × ${height} pixels in ${input.length} bytes, far more than any photo compresses to: it is not a photo this site can take`,
      },
    ], 'The image declares a size its bytes cannot hold');
  }
  return metadata;
}

async function readHeader(input: Buffer): Promise<Metadata> {
  try {
    // Reading the header decodes no pixels, so no pixel limit is needed here; it is enforced right after.
    return await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new UnsupportedMediaTypeException(NOT_AN_IMAGE);
  }
}

/** image-size's name of each format `photoFiles` writes. */
const HEADER_TYPE: Record<string, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

/** A file's format and pixel size from its header (image-size: a few bytes parsed in JS), or null when it has none. */
function headerSize(data: Buffer): { type: string; width: number; height: number } | null {
  try {
    const { type, width, height } = imageSize(data);
    return type === undefined ? null : { type, width, height };
  } catch {
    return null;
  }
}

/**
 * Checks the files of a photo already encoded by the upload rules (a listing bundle's): a well-formed
 * placeholder, and each file of `photoFiles` present in its format at exactly its pixel size. Reads headers
 * only, with image-size rather than sharp: the demo bundle's 3,696 WebP and AVIF files took sharp 1.4 s (a
 * WebP header over a millisecond, on libuv's threads) and image-size 42 ms, and the demo's first listings wait
 * for every file of the bundle to be checked. 415 otherwise. Answers the photo as `encodePhoto` would.
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
      const header = headerSize(data);
      if (header?.type !== HEADER_TYPE[file.format] || header.width !== file.width || header.height !== file.height) {
        throw new UnsupportedMediaTypeException(`An imported photo's ${file.suffix} file must be ${file.format.toUpperCase()}, ${file.width} × ${file.height} px`);
      }
      return { suffix: file.suffix, contentType: file.contentType, data };
    }),
  );
  return { width, height, placeholder, files };
}
