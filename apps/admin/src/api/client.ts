import { type ApiClient as HttpClient, createApiClient, imageUploadForm, type ApiRelativeUrl, type UploadedImage } from '@app/shared';

/**
 * The console's calls to the API, relative to the `apiBase` the host passes (e.g. "/api"), made through the
 * one HTTP client of libs/shared (its `ApiError`, `isAuthFailure` and error shape are the storefront's too).
 * Paths are the API document's routes without their '/api' (`ApiRelativeUrl`), so a renamed route fails the
 * type check, and each call answers the type the document gives its route.
 */
export interface ApiClient extends Pick<HttpClient<ApiRelativeUrl>, 'get' | 'patch' | 'post'> {
  upload(file: File): Promise<UploadedImage>;
}

export function createAdminApi(apiBase: string, fetchImpl?: typeof fetch): ApiClient {
  const http = createApiClient<ApiRelativeUrl>({ baseUrl: apiBase, fetch: fetchImpl });
  return {
    get: http.get,
    patch: http.patch,
    post: http.post,
    upload: (file) => http.postForm('/uploads', imageUploadForm(file)),
  };
}
