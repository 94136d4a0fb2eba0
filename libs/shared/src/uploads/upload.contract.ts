/** Multipart field of POST /api/uploads (one image per request; the forms upload several in parallel). */
export const UPLOAD_FIELD = 'file';

/** The answer of POST /api/uploads (201): the shape hosted image services answer, plus the card-size URL. */
export interface UploadedImage {
  /** The largest size (long side at most 2048 px, WebP): the URL a listing stores in `images`; every other size, format and the placeholder follow from it (`photoSrcSet`, `photoPlaceholder`). */
  secure_url: string;
  /** The card-size photo (long side about 640 px, WebP); also `cardImageUrl(secure_url)`. */
  card_url: string;
  /** Of the largest size, after rotation by EXIF. */
  width: number;
  height: number;
  format: 'webp';
  /** Size of the largest WebP file. */
  bytes: number;
}

/** The multipart body of POST /api/uploads for one photo. */
export function imageUploadForm(file: Blob, name?: string): FormData {
  const form = new FormData();
  if (name === undefined) form.append(UPLOAD_FIELD, file);
  else form.append(UPLOAD_FIELD, file, name);
  return form;
}

/**
 * Long sides, in pixels, of the sizes kept of each uploaded photo, each as AVIF and as WebP: a phone's card
 * takes 320 or 640, a desktop gallery 1600 or 2048. A photo is never enlarged: one with a shorter long side
 * is kept at its own size instead of the sizes above it (see `photoSizes`).
 */
export const PHOTO_LONG_SIDES = [320, 640, 1024, 1600, 2048] as const;
/** Formats each size is kept in, the preferred first (browsers pick the first they can show). */
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
/** The Open Graph image kept of each photo: JPEG (every link preview reads it), cropped to fill. */
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;
