import type { ApiErrorBody, FieldError } from '../common/api-error';

/**
 * The one HTTP client of both frontends (the storefront and the admin console): every request sends the
 * session cookie, a JSON body with its content type only when there is one, and a non-OK answer raises
 * `ApiError`, whose message is the status code, a colon, a space and the answer's text (SPEC.md section 8).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The answer's text as received (the status text when it was empty). */
    readonly text: string,
    /** The answer as the API's error shape, when it is one. */
    readonly body: ApiErrorBody | null,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
  }

  /** What a person should read: the API's `message`, else the answer's text. */
  get detail(): string {
    return this.body?.message ?? this.text;
  }

  /** The API's per-field validation errors (empty when there are none). */
  get fieldErrors(): FieldError[] {
    return this.body?.errors ?? [];
  }
}

/** Parses an answer's text as the API's error shape; null when it is not one. */
export function parseApiErrorBody(text: string): ApiErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string') return parsed as ApiErrorBody;
  } catch {
    // not JSON: the text itself is the message
  }
  return null;
}

/** The readable part of any error: an ApiError's detail, else the error's message. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  return error instanceof Error ? error.message : String(error);
}

/** The API's field messages of a refused request, joined ('' when it named no field). */
export function fieldErrorsText(error: unknown): string {
  return error instanceof ApiError ? error.fieldErrors.map((e) => e.message).join('. ') : '';
}

/**
 * The API's field messages of a refused request by field name (the first message of each field), so a form
 * can show each one beside its input; empty when the error named no field (or is not an ApiError).
 */
export function fieldErrorMap(error: unknown): Record<string, string> {
  const map: Record<string, string> = {};
  if (!(error instanceof ApiError)) return map;
  for (const { field, message } of error.fieldErrors) {
    if (!(field in map)) map[field] = message;
  }
  return map;
}

/** Signed out (401) or signed in without the right (403). */
export function isAuthFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** An ApiError with one of the given statuses. */
export function isApiErrorStatus(error: unknown, ...statuses: number[]): error is ApiError {
  return error instanceof ApiError && statuses.includes(error.status);
}

export type QueryValue = string | number | boolean | null | undefined;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Query parameters; undefined, null and empty values are left out. */
  query?: Record<string, QueryValue> | URLSearchParams;
  /** A JSON body (sent with `Content-Type: application/json`). */
  json?: unknown;
  /** A multipart body (the browser sets its content type). */
  form?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiClient {
  /** The raw answer of an OK request (throws ApiError otherwise). */
  request(path: string, options?: RequestOptions): Promise<Response>;
  /** The JSON of an OK answer; undefined for 204. */
  json<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal): Promise<T>;
  post<T>(path: string, json?: unknown, headers?: Record<string, string>): Promise<T>;
  put<T>(path: string, json: unknown): Promise<T>;
  patch<T>(path: string, json: unknown): Promise<T>;
  delete(path: string): Promise<void>;
  /** Multipart POST of one form. */
  postForm<T>(path: string, form: FormData): Promise<T>;
}

export interface ApiClientOptions {
  /** Prefix of every path, e.g. "/api" (no trailing slash needed); "" when paths are absolute. */
  baseUrl?: string;
  /** Injected for tests; defaults to the global fetch at call time. */
  fetch?: typeof fetch;
}

function queryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = query instanceof URLSearchParams ? query : new URLSearchParams();
  if (!(query instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createApiClient({ baseUrl = '', fetch: fetchImpl }: ApiClientOptions = {}): ApiClient {
  const base = baseUrl.replace(/\/+$/, '');

  async function request(path: string, { method = 'GET', query, json, form, headers = {}, signal }: RequestOptions = {}): Promise<Response> {
    const sent: Record<string, string> = { Accept: 'application/json', ...headers };
    let body: BodyInit | undefined;
    if (json !== undefined) {
      sent['Content-Type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (form) {
      body = form;
    }
    const response = await (fetchImpl ?? fetch)(`${base}${path}${queryString(query)}`, { method, headers: sent, body, credentials: 'include', signal });
    if (!response.ok) {
      const text = (await response.text().catch(() => '')) || response.statusText;
      throw new ApiError(response.status, text, parseApiErrorBody(text));
    }
    return response;
  }

  async function json<T>(path: string, options?: RequestOptions): Promise<T> {
    const response = await request(path, options);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }

  return {
    request,
    json,
    get: (path, query, signal) => json(path, { query, signal }),
    post: (path, body, headers) => json(path, { method: 'POST', json: body, headers }),
    put: (path, body) => json(path, { method: 'PUT', json: body }),
    patch: (path, body) => json(path, { method: 'PATCH', json: body }),
    delete: async (path) => {
      await request(path, { method: 'DELETE' });
    },
    postForm: (path, form) => json(path, { method: 'POST', form }),
  };
}
