/**
 * Listing images must be URLs that our storage issued (`/uploads/…`) or, when one is configured, that the
 * hosted image service issued. The hosted prefixes are set once at start (API: from configuration;
 * frontends: from GET /api/config).
 */
export const UPLOADS_PATH_PREFIX = '/uploads/';
const ISSUED_UPLOAD = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9/_-]{0,200}\.(webp|jpg|jpeg|png|avif)$/;

let hostedPrefixes: readonly string[] = [];

export function setHostedImagePrefixes(prefixes: readonly string[]): void {
  hostedPrefixes = prefixes.filter((p) => /^https:\/\/[^/]+\/.*/.test(p));
}

export function isIssuedImageUrl(url: unknown): boolean {
  if (typeof url !== 'string' || url.length > 2048 || url.includes('..')) return false;
  return ISSUED_UPLOAD.test(url) || hostedPrefixes.some((prefix) => url.startsWith(prefix));
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
