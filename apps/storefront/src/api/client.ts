import { createApiClient } from '@app/shared';

/**
 * The storefront's instance of the one HTTP client (`createApiClient` in libs/shared, shared with the admin
 * console): paths are absolute ("/api/…"); errors are the shared `ApiError`.
 */
export const api = createApiClient();
