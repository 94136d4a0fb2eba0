/**
 * Writes the files kept of one photo (server side only: sharp and libvips; not in the package index, import
 * it from `@app/shared/server`). Used by the API for uploads and by the demo tool for its bundle, so
 * both store exactly the sizes, formats and names that `photoSizes`, `photoSrcSet` and `socialImageOf` read.
 */
import sharp, { type Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { photoFiles, type PhotoFile } from '../vehicles/image-urls';
import { PHOTO_LONG_SIDES } from './upload.contract';

/** WebP quality of each size, and the size the largest one is brought under (by lower qualities) when it can be. */
const WEBP_QUALITY = 78;
const LARGEST_WEBP_MAX_BYTES = 500 * 1024;
/** AVIF quality (libaom's scale: 50 looks like WebP 78). */
const AVIF_QUALITY = 50;
const SOCIAL_JPEG_QUALITY = 80;

/**
 * Encoder settings. `upload`: AVIF effort 2 writes files 20–40 % smaller than WebP on a camera's photo, in
 * about 4 × WebP's time (a 1600 px photo: 340 ms; effort 4, sharp's default, takes 10 × longer again); WebP
 * at effort 4 with sharp's smart chroma subsampling; the JPEG through mozjpeg. `fast`: the lowest efforts
 * (about a third of the CPU time), for bulk renders such as the demo's flat scenes, where the slower settings
 * save little.
 */
const SETTINGS = {
  upload: { avifEffort: 2, webp: { effort: 4, smartSubsample: true }, mozjpeg: true },
  fast: { avifEffort: 0, webp: { effort: 1, smartSubsample: false }, mozjpeg: false },
} as const;
type Settings = (typeof SETTINGS)[keyof typeof SETTINGS];
/** ThumbHash reads at most 100 × 100 pixels. */
const PLACEHOLDER_PX = 100;

export interface EncodedFile {
  /** Appended to the photo's stem: `.webp`, `-640.avif`, `-social.jpg`… */
  suffix: string;
  contentType: string;
  data: Buffer;
}

export interface EncodedPhoto {
  /** Of the largest size. */
  width: number;
  height: number;
  /** ThumbHash, base64url. */
  placeholder: string;
  /** In `photoFiles` order: the largest WebP first (the photo's URL). */
  files: EncodedFile[];
}

export interface EncodeOptions {
  /** `upload` unless the caller trades bytes for time (see SETTINGS). */
  speed?: keyof typeof SETTINGS;
}

/**
 * Every file of a photo from `source` (already rotated upright; any size), as `photoFiles` names them: each
 * size in each format, the Open Graph JPEG; and the ThumbHash. The source is decoded once, to the largest
 * size (long side at most 2048, never enlarged; transparency flattened on white) and the smaller ones are
 * resized from those pixels. No metadata is written (EXIF with GPS, XMP, IPTC and ICC are dropped; colours
 * are converted to sRGB). Throws sharp's error on an unreadable source.
 */
export async function encodePhoto(source: Sharp, { speed = 'upload' }: EncodeOptions = {}): Promise<EncodedPhoto> {
  const settings = SETTINGS[speed];
  const longest = PHOTO_LONG_SIDES[PHOTO_LONG_SIDES.length - 1];
  const { data: pixels, info } = await source
    .clone()
    .resize({ width: longest, height: longest, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const decoded = () => sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const photo = { width: info.width, height: info.height };

  const files = photoFiles(photo.width, photo.height).map(async (file): Promise<EncodedFile> => {
    const full = file.width === photo.width && file.height === photo.height && file.format !== 'jpeg';
    // The sizes keep the photo's shape (their pixel sizes are rounded from it); the Open Graph image is cropped to its own.
    const fit = file.format === 'jpeg' ? ({ fit: 'cover', position: 'attention' } as const) : ({ fit: 'fill' } as const);
    const pipeline = full ? decoded() : decoded().resize({ width: file.width, height: file.height, ...fit });
    return { suffix: file.suffix, contentType: file.contentType, data: await encodeAs(pipeline, file, full, settings) };
  });
  const [encoded, placeholder] = await Promise.all([Promise.all(files), thumbHashOf(decoded())]);
  return { ...photo, placeholder, files: encoded };
}

async function encodeAs(pipeline: Sharp, file: PhotoFile, largest: boolean, settings: Settings): Promise<Buffer> {
  if (file.format === 'jpeg') return pipeline.jpeg({ quality: SOCIAL_JPEG_QUALITY, mozjpeg: settings.mozjpeg }).toBuffer();
  if (file.format === 'avif') return pipeline.avif({ quality: AVIF_QUALITY, effort: settings.avifEffort }).toBuffer();
  // The largest WebP is what browsers without AVIF (and downloads) get: kept near half a megabyte.
  const maxBytes = largest ? LARGEST_WEBP_MAX_BYTES : Infinity;
  for (let quality = WEBP_QUALITY; ; quality -= 10) {
    const data = await pipeline.clone().webp({ quality, ...settings.webp }).toBuffer();
    if (data.length <= maxBytes || quality - 10 < 50) return data;
  }
}

/** The photo's ThumbHash (a ~25-byte sketch of colours and shape), base64url; any size of the source will do. */
export async function thumbHashOf(pipeline: Sharp): Promise<string> {
  const { data, info } = await pipeline
    .resize({ width: PLACEHOLDER_PX, height: PLACEHOLDER_PX, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64url');
}
