import { createApiClient, imageUploadForm, type QueryValue, type UploadedImage } from '@app/shared';

/**
 * The console's calls to the API, relative to the `apiBase` the host passes (e.g. "/api"), made through the
 * one HTTP client of libs/shared (its `ApiError`, `isAuthFailure` and error shape are the storefront's too).
 */
export interface ApiClient {
  get<T>(path: string, query?: Record<string, QueryValue>): Promise<T>;
  patch<T>(path: string, body: unknown): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  upload(file: File): Promise<UploadedImage>;
}

export function createAdminApi(apiBase: string, fetchImpl?: typeof fetch): ApiClient {
  const http = createApiClient({ baseUrl: apiBase, fetch: fetchImpl });
  return {
    get: (path, query) => http.get(path, query),
    patch: (path, body) => http.patch(path, body),
    post: (path, body) => http.post(path, body),
    upload: (file) => http.postForm<UploadedImage>('/uploads', imageUploadForm(file)),
  };
}
