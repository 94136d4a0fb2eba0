import { createApiClient, imageUploadForm, type ApiRelativeUrl, type QueryValue, type UploadedImage } from '@app/shared';

/**
 * The console's calls to the API, relative to the `apiBase` the host passes (e.g. "/api"), made through the
 * one HTTP client of libs/shared (its `ApiError`, `isAuthFailure` and error shape are the storefront's too).
 * Paths are the API document's routes without their '/api' (`ApiRelativeUrl`), so a renamed route fails the
 * type check.
 */
export interface ApiClient {
  get<T>(path: ApiRelativeUrl, query?: Record<string, QueryValue>): Promise<T>;
  patch<T>(path: ApiRelativeUrl, body: unknown): Promise<T>;
  post<T>(path: ApiRelativeUrl, body?: unknown): Promise<T>;
  upload(file: File): Promise<UploadedImage>;
}

export function createAdminApi(apiBase: string, fetchImpl?: typeof fetch): ApiClient {
  const http = createApiClient<ApiRelativeUrl>({ baseUrl: apiBase, fetch: fetchImpl });
  return {
    get: (path, query) => http.get(path, query),
    patch: (path, body) => http.patch(path, body),
    post: (path, body) => http.post(path, body),
    upload: (file) => http.postForm<UploadedImage>('/uploads', imageUploadForm(file)),
  };
}
