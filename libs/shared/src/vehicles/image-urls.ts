import { PHOTO_FORMATS, PHOTO_LONG_SIDES, SOCIAL_IMAGE_SIZE, type PhotoFormat } from '../uploads/upload.contract';

/**
 * Listing images must be URLs that our storage issued (`/uploads/…`) or, when one is configured, that the
 * hosted image service issued. The hosted service's prefixes are configuration (API: IMAGE_URL_PREFIX;
 * frontends: GET /api/config), so they are passed in, never kept here.
 */
export const UPLOADS_PATH_PREFIX = '/uploads/';
const ISSUED_UPLOAD = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9/_-]{0,200}\.(webp|jpg|jpeg|png|avif)$/;
const HOSTED_IMAGE = /^https:\/\/[^/\s]+\/\S*$/;

export const IMAGE_NOT_ISSUED = 'Each image must be a photo uploaded to this site';
/** A listing uses only photos its owner uploaded (DECISIONS.md): a photo of another seller's is refused. */
export const IMAGE_NOT_OWNED = "Each image must be a photo uploaded by the listing's seller";

/** A URL that can be a listing photo: one of our uploads, or an https URL (of a hosted image service). */
export function isListingImageUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.length > 2048 || url.includes('..')) return false;
  return ISSUED_UPLOAD.test(url) || HOSTED_IMAGE.test(url);
}

/** A URL that our storage or the configured hosted image service (one of `hostedPrefixes`) issued. */
export function isIssuedImageUrl(url: unknown, hostedPrefixes: readonly string[] = []): boolean {
  if (!isListingImageUrl(url)) return false;
  return ISSUED_UPLOAD.test(url) || hostedPrefixes.some((prefix) => HOSTED_IMAGE.test(prefix) && url.startsWith(prefix));
}

/*
 * The files behind one photo URL. A photo uploaded since the responsive sizes (a "sized" photo) is named
 * `<folder>/<32 hex>-<placeholder>-<W>x<H>.webp`: the URL itself is the largest size (W × H, long side at
 * most 2048), the placeholder is its ThumbHash (base64url), and the other files sit next to it, named by the
 * same stem: `<stem>.avif`, `<stem>-<long side>.avif|webp` for each of PHOTO_LONG_SIDES under W × H's long
 * side, and `<stem>-social.jpg` (the Open Graph image). The URL says everything a page needs (sizes, formats,
 * placeholder), so cards, gallery, e-mails and previews need no lookup. Photos uploaded before keep their
 * two WebP files (`<name>.webp`, `<name>-card.webp`), and a hosted image service's URL is used as it is.
 */
const SIZED_PHOTO = /^(\/uploads\/(?:[A-Za-z0-9_-]+\/)*[0-9a-f]{32}-([A-Za-z0-9_-]{6,48})-([1-9]\d{0,3})x([1-9]\d{0,3}))\.webp$/;
/** The card-size file of a photo uploaded before the responsive sizes. */
const CARD_VARIANT_SUFFIX = '-card';
const CARD_LONG_SIDE = 640;

/** A sized photo, read from its URL. */
export interface SizedPhoto {
  /** The URL without its extension: every file of the photo is named from it. */
  stem: string;
  /** Of the largest size (the URL itself). */
  width: number;
  height: number;
  /** ThumbHash of the photo, base64url. */
  placeholder: string;
}

/** One stored size of a photo. */
export interface PhotoSize {
  longSide: number;
  width: number;
  height: number;
}

/** The sized photo a URL names, or null (an older upload, or a hosted image). */
export function sizedPhoto(url: string): SizedPhoto | null {
  const match = SIZED_PHOTO.exec(url);
  if (!match) return null;
  const width = Number(match[3]);
  const height = Number(match[4]);
  if (Math.max(width, height) > PHOTO_LONG_SIDES[PHOTO_LONG_SIDES.length - 1]!) return null;
  return { stem: match[1]!, placeholder: match[2]!, width, height };
}

/** The storage key stem (without `/uploads/` and extension) of a sized photo: `<folder>/<hex>-<placeholder>-<W>x<H>`. */
export function sizedPhotoStem(folderAndId: string, placeholder: string, width: number, height: number): string {
  return `${folderAndId}-${placeholder}-${width}x${height}`;
}

/**
 * Every size kept of a photo whose largest size is `width` × `height`, smallest first: each of
 * PHOTO_LONG_SIDES under its long side, then the photo's own size. Pixel sizes are rounded here, once, so
 * the encoder writes exactly what `srcset` says.
 */
export function photoSizes(width: number, height: number): PhotoSize[] {
  const longSide = Math.max(width, height);
  return [...PHOTO_LONG_SIDES.filter((side) => side < longSide).map((side) => scaledTo(width, height, side)), { longSide, width, height }];
}

function scaledTo(width: number, height: number, longSide: number): PhotoSize {
  const scale = longSide / Math.max(width, height);
  return { longSide, width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The file name suffix (after the stem) of one size in one format: `.webp` for the largest, `-640.avif`… */
function photoFileSuffix(photo: Pick<SizedPhoto, 'width' | 'height'>, size: PhotoSize, format: PhotoFormat): string {
  return size.longSide === Math.max(photo.width, photo.height) ? `.${format}` : `-${size.longSide}.${format}`;
}

/** Suffix of the Open Graph image of a sized photo (JPEG, SOCIAL_IMAGE_SIZE, cropped to fill). */
export const SOCIAL_IMAGE_SUFFIX = '-social.jpg';

/** One file kept of a sized photo: its name after the stem, format and pixel size. */
export interface PhotoFile {
  suffix: string;
  format: PhotoFormat | 'jpeg';
  contentType: `image/${PhotoFormat | 'jpeg'}`;
  width: number;
  height: number;
}

/**
 * Every file kept of a sized photo whose largest size is `width` × `height`: the largest WebP first (the
 * photo's URL), then each size in each format, then the Open Graph JPEG. The encoder writes exactly these,
 * the bundle import checks them and a deletion removes them.
 */
export function photoFiles(width: number, height: number): PhotoFile[] {
  const photo = { width, height };
  const sized = photoSizes(width, height)
    .reverse()
    .flatMap((size) => [...PHOTO_FORMATS].reverse().map((format): PhotoFile => ({ suffix: photoFileSuffix(photo, size, format), format, contentType: `image/${format}`, width: size.width, height: size.height })));
  return [...sized, { suffix: SOCIAL_IMAGE_SUFFIX, format: 'jpeg', contentType: 'image/jpeg', ...SOCIAL_IMAGE_SIZE }];
}

/** The placeholder part of a sized photo's name: a ThumbHash in base64url. */
export function isPhotoPlaceholder(value: string): boolean {
  return /^[A-Za-z0-9_-]{6,48}$/.test(value);
}

/** The card-size file (long side about 640) of a listing photo, as WebP; a hosted image's URL as it is. */
export function cardImageUrl(url: string): string {
  const photo = sizedPhoto(url);
  if (photo) {
    const sizes = photoSizes(photo.width, photo.height);
    const card = sizes.find((s) => s.longSide >= CARD_LONG_SIDE) ?? sizes[sizes.length - 1]!;
    return photo.stem + photoFileSuffix(photo, card, 'webp');
  }
  return url.startsWith(UPLOADS_PATH_PREFIX) ? url.replace(/\.webp$/, `${CARD_VARIANT_SUFFIX}.webp`) : url;
}

/** The smallest WebP of a listing photo (320 px long side for a sized photo), for thumbnails of lists; else the card size. */
export function thumbnailImageUrl(url: string): string {
  const photo = sizedPhoto(url);
  if (!photo) return cardImageUrl(url);
  return photo.stem + photoFileSuffix(photo, photoSizes(photo.width, photo.height)[0]!, 'webp');
}

/** Every stored file behind one listing photo URL (to delete them together). */
export function imageVariantUrls(url: string): string[] {
  const photo = sizedPhoto(url);
  if (photo) return photoFiles(photo.width, photo.height).map((file) => photo.stem + file.suffix);
  const card = cardImageUrl(url);
  return card === url ? [url] : [url, card];
}

/**
 * `srcset` of a listing photo in one format: every stored size with its width. A photo uploaded before the
 * responsive sizes has WebP only, in two sizes, described by the widths they have at most (a smaller upload
 * is narrower; the gallery caps its display size once it knows the real one). Undefined when there is no
 * such file (a hosted image, or AVIF of an older photo).
 */
export function photoSrcSet(url: string, format: PhotoFormat = 'webp'): string | undefined {
  const photo = sizedPhoto(url);
  if (photo) return photoSizes(photo.width, photo.height).map((size) => `${photo.stem}${photoFileSuffix(photo, size, format)} ${size.width}w`).join(', ');
  if (format !== 'webp') return undefined;
  const card = cardImageUrl(url);
  return card === url ? undefined : `${card} ${CARD_LONG_SIDE}w, ${url} ${PHOTO_LONG_SIDES[PHOTO_LONG_SIDES.length - 1]}w`;
}

/**
 * The image a link preview (Open Graph, Twitter, e-mail) shows of a photo: the 1200 × 630 JPEG of a sized
 * photo, with its size; else the card-size file, size unknown.
 */
export function socialImageOf(url: string): { url: string; width?: number; height?: number; type?: string } {
  const photo = sizedPhoto(url);
  if (photo) return { url: photo.stem + SOCIAL_IMAGE_SUFFIX, ...SOCIAL_IMAGE_SIZE, type: 'image/jpeg' };
  return { url: cardImageUrl(url) };
}

/** The ThumbHash (base64url) a sized photo paints while it loads; null for other photos. */
export function photoPlaceholder(url: string): string | null {
  return sizedPhoto(url)?.placeholder ?? null;
}

/**
 * `sizes` of the detail page's main photo: the gallery's width at each screen width (the storefront's
 * container and the detail page's two-column layout from 1024 px). The gallery and the server's preload
 * of the first photo use the same value, so the browser fetches one file, once.
 */
export const GALLERY_PHOTO_SIZES =
  '(min-width: 1280px) 820px, (min-width: 1024px) calc(100vw - 460px), (min-width: 768px) calc(100vw - 48px), calc(100vw - 32px)';
