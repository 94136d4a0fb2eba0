/** Public configuration served by `GET /api/config` to the frontends (nothing secret). */
export interface PublicConfig {
  siteName: string;
  supportPhone: string;
  reviewsUrl: string;
  /** The site's rating and number of reviews on the reviews service (REVIEWS_RATING, REVIEWS_COUNT); null when not configured. */
  reviews: { rating: number; count: number } | null;
  adminRemoteUrl: string;
  /**
   * Where listing photos are uploaded: the API's own endpoint, or a hosted image service when one is
   * configured (its upload URL, the presets to try in order, the folder, and the prefix of the URLs it issues).
   */
  imageUpload:
    | { provider: 'local'; url: string }
    | { provider: 'hosted'; url: string; presets: string[]; folder: string; urlPrefix: string };
}
