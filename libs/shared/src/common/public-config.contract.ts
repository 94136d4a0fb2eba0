/** Public configuration served by `GET /api/config` to the frontends (nothing secret). */
export interface PublicConfig {
  siteName: string;
  supportPhone: string;
  reviewsUrl: string;
  adminRemoteUrl: string;
  /** Hosted image service, when one is configured instead of the API's own uploads. */
  imageUpload: { provider: 'local'; url: string } | { provider: 'hosted'; url: string; presets: string[]; folder: string };
}
