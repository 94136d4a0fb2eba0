import escapeHtml from 'escape-html';
import type { FastifyRequest } from 'fastify';

/** Addresses that are not storefront pages: the API, photos, the console's build, built files (modules/web serves the rest). */
export const NOT_A_PAGE = /^\/(api|uploads|admin-app)(\/|$)|\.[a-z0-9]{1,8}$/i;

/** A browser asking for a storefront page (GET or HEAD of a page address, accepting HTML). */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  return !NOT_A_PAGE.test(path) && (request.headers.accept ?? '').includes('text/html');
}

/** The page a visitor sees while the site cannot answer (503): what happened and when to try again, no scripts. */
export function unavailablePage(message: string, retryAfterSeconds?: number): string {
  const retry = retryAfterSeconds ? `<p>Please reload the page in ${retryAfterSeconds} seconds.</p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="robots" content="noindex" />
<title>Temporarily unavailable</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937}h1{font-size:1.5rem}</style></head>
<body><h1>We will be right back</h1><p>${escapeHtml(message)}</p>${retry}</body></html>
`;
}
