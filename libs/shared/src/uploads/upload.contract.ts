/** Multipart field of POST /api/uploads (one image per request; the forms upload several in parallel). */
export const UPLOAD_FIELD = 'file';

/** The answer of POST /api/uploads (201): the shape hosted image services answer, plus the card-size URL. */
export interface UploadedImage {
  /** The full-size photo (long side at most 2048 px): the URL a listing stores in `images`. */
  secure_url: string;
  /** The card-size photo (long side at most 640 px); also `cardImageUrl(secure_url)`. */
  card_url: string;
  /** Of the full-size photo, after rotation by EXIF. */
  width: number;
  height: number;
  format: 'webp';
  /** Size of the full-size file. */
  bytes: number;
}

/** The multipart body of POST /api/uploads for one photo. */
export function imageUploadForm(file: Blob, name?: string): FormData {
  const form = new FormData();
  if (name === undefined) form.append(UPLOAD_FIELD, file);
  else form.append(UPLOAD_FIELD, file, name);
  return form;
}

/** Long side, in pixels, of the two WebP sizes stored for each photo (never enlarged). */
export const PHOTO_VARIANT_PX = { full: 2048, card: 640 } as const;
