import { apiUrl, DEFAULT_ADMIN_REMOTE_URL, type PublicConfig } from '@app/shared';

export const FALLBACK_CONFIG: PublicConfig = {
  siteName: 'Vehicle Marketplace',
  supportPhone: '',
  reviewsUrl: '',
  reviews: null,
  adminRemoteUrl: DEFAULT_ADMIN_REMOTE_URL,
  imageUpload: { provider: 'local', url: apiUrl('/api/uploads') },
};

function readString(source: Record<string, unknown>, key: 'siteName' | 'supportPhone' | 'reviewsUrl' | 'adminRemoteUrl'): string {
  const value = source[key];
  return typeof value === 'string' && value !== '' ? value : FALLBACK_CONFIG[key];
}

function reviewsFrom(value: unknown): PublicConfig['reviews'] {
  if (typeof value !== 'object' || value === null) return null;
  const { rating, count } = value as Record<string, unknown>;
  return typeof rating === 'number' && typeof count === 'number' && count > 0 ? { rating, count } : null;
}

/** The configuration from the body of GET /api/config, with the fallback for anything missing. */
export function publicConfigFrom(body: unknown): PublicConfig {
  const source = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return {
    siteName: readString(source, 'siteName'),
    supportPhone: readString(source, 'supportPhone'),
    reviewsUrl: readString(source, 'reviewsUrl'),
    adminRemoteUrl: readString(source, 'adminRemoteUrl'),
    reviews: reviewsFrom(source.reviews),
    imageUpload: (source.imageUpload as PublicConfig['imageUpload'] | undefined) ?? FALLBACK_CONFIG.imageUpload,
  };
}

async function fetchPublicConfig(): Promise<PublicConfig> {
  const response = await fetch(apiUrl('/api/config'), { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  return publicConfigFrom(await response.json());
}

let pending: Promise<PublicConfig> | null = null;

/**
 * The public configuration, fetched once per page. A failed request resolves to the fallback
 * values and is not cached, so the next caller (e.g. a Retry) asks again.
 */
export function getPublicConfig(): Promise<PublicConfig> {
  if (!pending) {
    pending = fetchPublicConfig().catch((error: unknown) => {
      console.warn('Using default configuration:', error);
      pending = null;
      return FALLBACK_CONFIG;
    });
  }
  return pending;
}

/** The configuration the page already holds (its first view): nobody asks for it again. */
export function primePublicConfig(config: PublicConfig): void {
  pending = Promise.resolve(config);
}
