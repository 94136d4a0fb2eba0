/** A small HTTP client over fetch that keeps the session cookie, like a browser tab. */
export interface HttpResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** multipart or raw bodies: sent as given, no JSON encoding */
  rawBody?: BodyInit;
}

export class HttpClient {
  /** Cookie header value as a browser would send it ("name=value; name2=value2"). */
  cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, body });
  }
  put<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, { ...options, body });
  }
  patch<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, { ...options, body });
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** A second "tab" that starts with a copy of this one's cookies. */
  clone(): HttpClient {
    const copy = new HttpClient(this.baseUrl);
    copy.cookies = new Map(this.cookies);
    return copy;
  }

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    let body: BodyInit | undefined = options.rawBody;
    if (options.body !== undefined && body === undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('json');
    return { status: response.status, headers: response.headers, text, body: (isJson && text ? JSON.parse(text) : text) as T };
  }
}
