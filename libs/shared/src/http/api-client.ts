import type { ApiErrorBody, FieldError } from '../common/api-error';
import type { paths } from './api-types';

/** A route of the API as its document names it: '/api/vehicles/{id}' (api-types.ts, from `npm run openapi`). */
export type ApiRoute = keyof paths & string;
type Filled<Route extends string> = Route extends `${infer Head}{${string}}${infer Tail}` ? `${Head}${string}${Filled<Tail>}` : Route;
/**
 * What a caller writes for a route: each `{parameter}` filled in, a query string optional ('/api/vehicles/7',
 * '/api/vehicles/search?make=BMW'). Only the API's own routes type-check, so a renamed or removed route
 * fails the frontends' type check instead of answering 404 in the browser.
 */
export type ApiUrl = Filled<ApiRoute> | `${Filled<ApiRoute>}?${string}`;
type WithoutApiPrefix<Url> = Url extends `/api${infer Rest}` ? Rest : never;
/** The same, relative to the API's base '/api' (the admin console's client: '/admin/vehicles/7'). */
export type ApiRelativeUrl = WithoutApiPrefix<ApiUrl>;

type PathOf<Url extends string> = Url extends `${infer Path}?${string}` ? PathOf<Path> : Url;
type Segments<Path extends string> = Path extends `${infer Head}/${infer Tail}` ? [Head, ...Segments<Tail>] : [Path];
/** A URL's segments fill a route's: the same words, and one non-empty segment for each `{parameter}`. */
type Fills<Url extends string[], Route extends string[]> = Url extends [infer U extends string, ...infer UrlRest extends string[]]
  ? Route extends [infer R extends string, ...infer RouteRest extends string[]]
    ? (R extends `{${string}}` ? (U extends '' ? false : true) : U extends R ? true : false) extends true
      ? Fills<UrlRest, RouteRest>
      : false
    : false
  : Route extends []
    ? true
    : false;
type RoutesFilledBy<Url extends string> = { [Route in ApiRoute]: Fills<Segments<PathOf<Url>>, Segments<Route>> extends true ? Route : never }[ApiRoute];
type WithoutParameters<Route extends string> = Exclude<Route, `${string}{${string}`>;
/**
 * The route of the document a URL asks ('/api/vehicles/7?x=1' is '/api/vehicles/{id}'); a route of its own
 * words wins over one with a parameter there ('/api/vehicles/search' is not '/api/vehicles/{id}'). Never when
 * the type of the URL cannot tell (a URL put together from strings of any shape).
 */
export type ApiRouteOf<Url extends string> = [WithoutParameters<RoutesFilledBy<Url>>] extends [never] ? RoutesFilledBy<Url> : WithoutParameters<RoutesFilledBy<Url>>;
type MethodKey<Method extends HttpMethod> = Lowercase<Method> & keyof paths[ApiRoute];
type SuccessStatus = 200 | 201 | 202 | 203 | 204;
type JsonOf<Answer> = Answer extends { content: { 'application/json': infer Body } } ? Body : undefined;
type SuccessBody<Operation> = Operation extends { responses: infer Responses }
  ? { [Status in keyof Responses & SuccessStatus]: JsonOf<Responses[Status]> }[keyof Responses & SuccessStatus]
  : never;
type AnswerOfRoute<Route, Method extends HttpMethod> = Route extends ApiRoute ? SuccessBody<paths[Route][MethodKey<Method>]> : never;
type Answer<Url extends string, Method extends HttpMethod> = [ApiRouteOf<Url>] extends [never] ? unknown : AnswerOfRoute<ApiRouteOf<Url>, Method>;
/**
 * What the API answers a request (api-types.ts, from the handlers' declared types): `ApiAnswer<'/api/vehicles/7'>`
 * is a VehicleDetail, `ApiAnswer<'/api/vehicles', 'POST'>` an OwnerVehicle, a 204 undefined; `unknown` when the
 * URL's type cannot tell.
 * A URL relative to the base '/api' (the admin console's client) is read as under it.
 */
export type ApiAnswer<Url extends string, Method extends HttpMethod = 'GET'> = Url extends `/api/${string}` | '/metrics' ? Answer<Url, Method> : Answer<`/api${Url}`, Method>;
type MethodOf<Options> = Options extends { method: infer Method extends HttpMethod } ? Method : 'GET';

/**
 * A URL of the API where it is not asked through the client (a link, a redirect, a plain fetch before the
 * client exists): the same check, nothing else.
 */
export function apiUrl<Url extends ApiUrl>(url: Url): Url {
  return url;
}

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

/**
 * The client, for paths of type `Path`: the API's own URLs (`ApiUrl`), or relative to its base (`ApiRelativeUrl`).
 * Each call answers the type the API's document gives that route and method (`ApiAnswer`), so a caller names no
 * type and cannot name a wrong one; the second form, with the answer's type given, is for URLs whose type cannot
 * tell the route (put together from strings of any shape).
 */
export interface ApiClient<Path extends string = ApiUrl> {
  /** The raw answer of an OK request (throws ApiError otherwise). */
  request(path: Path, options?: RequestOptions): Promise<Response>;
  /** The JSON of an OK answer; undefined for 204. */
  json<P extends Path, Options extends RequestOptions = RequestOptions & { method?: 'GET' }>(path: P, options?: Options): Promise<ApiAnswer<P, MethodOf<Options>>>;
  json<T>(path: Path, options?: RequestOptions): Promise<T>;
  get<P extends Path>(path: P, query?: RequestOptions['query'], signal?: AbortSignal): Promise<ApiAnswer<P, 'GET'>>;
  get<T>(path: Path, query?: RequestOptions['query'], signal?: AbortSignal): Promise<T>;
  post<P extends Path>(path: P, json?: unknown, headers?: Record<string, string>): Promise<ApiAnswer<P, 'POST'>>;
  post<T>(path: Path, json?: unknown, headers?: Record<string, string>): Promise<T>;
  put<P extends Path>(path: P, json: unknown): Promise<ApiAnswer<P, 'PUT'>>;
  put<T>(path: Path, json: unknown): Promise<T>;
  patch<P extends Path>(path: P, json: unknown): Promise<ApiAnswer<P, 'PATCH'>>;
  patch<T>(path: Path, json: unknown): Promise<T>;
  delete(path: Path): Promise<void>;
  /** Multipart POST of one form. */
  postForm<P extends Path>(path: P, form: FormData): Promise<ApiAnswer<P, 'POST'>>;
  postForm<T>(path: Path, form: FormData): Promise<T>;
}

export interface ApiClientOptions {
  /**
   * Prefix of every path, e.g. "/api" (no trailing slash needed; then type the client
   * `createApiClient<ApiRelativeUrl>`); "" when paths are absolute.
   */
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

export function createApiClient<Path extends string = ApiUrl>({ baseUrl = '', fetch: fetchImpl }: ApiClientOptions = {}): ApiClient<Path> {
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

  // Generic in the answer's type: each fits both forms of the interface (the route's answer, or the one given).
  const get = <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) => json<T>(path, { query, signal });
  const post = <T>(path: string, body?: unknown, headers?: Record<string, string>) => json<T>(path, { method: 'POST', json: body, headers });
  const put = <T>(path: string, body: unknown) => json<T>(path, { method: 'PUT', json: body });
  const patch = <T>(path: string, body: unknown) => json<T>(path, { method: 'PATCH', json: body });
  const postForm = <T>(path: string, form: FormData) => json<T>(path, { method: 'POST', form });
  return {
    request,
    json,
    get,
    post,
    put,
    patch,
    delete: async (path) => {
      await request(path, { method: 'DELETE' });
    },
    postForm,
  };
}
