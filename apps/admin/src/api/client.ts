import { UPLOAD_FIELD, type ApiErrorBody, type UploadedImage } from '@app/shared';

/**
 * A non-OK answer. The message follows SPEC.md section 8: the status code, a colon, a space, then the
 * answer's text (its `message` when it is the API's error shape, else the status text).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: ApiErrorBody | null,
  ) {
    super(`${status}: ${message}`);
    this.name = 'ApiError';
  }
}

/** Signed out (401) or not an admin (403): the console cannot go on. */
export function isAuthFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

async function failure(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: ApiErrorBody | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) body = parsed as ApiErrorBody;
  } catch {
    // Not JSON: the text itself is the message.
  }
  return new ApiError(response.status, body?.message ?? (text || response.statusText), body);
}

export type QueryValue = string | number | boolean | undefined;

/** The console's calls to the API, relative to the `apiBase` the host passes (e.g. "/api"). */
export interface ApiClient {
  get<T>(path: string, query?: Record<string, QueryValue>): Promise<T>;
  patch<T>(path: string, body: unknown): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  upload(file: File): Promise<UploadedImage>;
}

export function createApiClient(apiBase: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): ApiClient {
  const base = apiBase.replace(/\/+$/, '');

  async function request<T>(method: string, path: string, init: { query?: Record<string, QueryValue>; body?: BodyInit; json?: unknown } = {}): Promise<T> {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(init.query ?? {})) {
      if (value !== undefined && value !== '') params.set(key, String(value));
    }
    const search = params.size > 0 ? `?${params.toString()}` : '';
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body = init.body;
    // A JSON body with a JSON content type only when there is a body (SPEC.md section 7).
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const response = await fetchImpl(`${base}${path}${search}`, { method, headers, body, credentials: 'include' });
    if (!response.ok) throw await failure(response);
    return (await response.json()) as T;
  }

  return {
    get: (path, query) => request('GET', path, { query }),
    patch: (path, json) => request('PATCH', path, { json }),
    post: (path, json) => request('POST', path, { json }),
    upload: (file) => {
      const form = new FormData();
      form.append(UPLOAD_FIELD, file);
      return request<UploadedImage>('POST', '/uploads', { body: form });
    },
  };
}
