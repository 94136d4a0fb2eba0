import { PHOTO_VARIANT_PX } from '../uploads/upload.contract';

/**
 * Listing images must be URLs that our storage issued (`/uploads/…`) or, when one is configured, that the
 * hosted image service issued. The hosted service's prefixes are configuration (API: IMAGE_URL_PREFIX;
 * frontends: GET /api/config), so they are passed in, never kept here.
 */
export const UPLOADS_PATH_PREFIX = '/uploads/';
const ISSUED_UPLOAD = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9/_-]{0,200}\.(webp|jpg|jpeg|png|avif)$/;
const HOSTED_IMAGE = /^https:\/\/[^/\s]+\/\S*$/;

export const IMAGE_NOT_ISSUED = 'Each image must be a photo uploaded to this site';

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

/** Size variants the API stores for each uploaded photo: the full image and a card-size one (~640 px). */
export const CARD_VARIANT_SUFFIX = '-card';

/** The card-size variant of a listing photo (uploads only; a hosted image's URL is used as it is). */
export function cardImageUrl(url: string): string {
  return url.startsWith(UPLOADS_PATH_PREFIX) ? url.replace(/\.webp$/, `${CARD_VARIANT_SUFFIX}.webp`) : url;
}

/** Every stored file behind one listing photo URL. */
export function imageVariantUrls(url: string): string[] {
  const card = cardImageUrl(url);
  return card === url ? [url] : [url, card];
}

/**
 * `srcset` of a listing photo: the card-size and the full-size files with the width each can have at most
 * (PHOTO_VARIANT_PX; a photo is never enlarged, so a smaller upload is narrower and the gallery caps its
 * display size once it knows the real one). Undefined for a hosted image, which has one size only.
 */
export function photoSrcSet(url: string): string | undefined {
  const card = cardImageUrl(url);
  return card === url ? undefined : `${card} ${PHOTO_VARIANT_PX.card}w, ${url} ${PHOTO_VARIANT_PX.full}w`;
}

/**
 * `sizes` of the detail page's main photo: the gallery's width at each screen width (the storefront's
 * container and the detail page's two-column layout from 1024 px). The gallery and the server's preload
 * of the first photo use the same value, so the browser fetches one file, once.
 */
export const GALLERY_PHOTO_SIZES =
  '(min-width: 1280px) 820px, (min-width: 1024px) calc(100vw - 460px), (min-width: 768px) calc(100vw - 48px), calc(100vw - 32px)';
