import type { FastifyInstance, FastifyRequest } from 'fastify';
import { firstScreenOf, firstViewJson, firstViewRequests, firstViewUsable, FIRST_VIEW_ELEMENT_ID, type FirstViewAnswer, type FirstViewPlace } from '@app/shared';
import { SESSION_COOKIE } from '../../infra/http/security';
import { DependencyUnavailableException } from '../../infra/http/unavailable';

/**
 * The first view of a storefront page (FIRST_VIEW_ELEMENT_ID in libs/shared): the API's answers to the
 * GET requests the page's first screen makes, asked in-process (Fastify's inject, through the same
 * routes, guards and limits as the browser's own requests, from the visitor's address). Only for a visitor who
 * is not signed in: a signed-in visitor's answers depend on who they are, and their browser asks as before (no
 * answers). The answers are asked as nobody in particular (no cookie, no user agent), so they are the same for
 * every signed-out visitor and the page that carries them can be kept for all (page-cache.ts): no view is counted
 * and no cookie set here; the storefront asks for the listing again once the page has loaded, which counts the
 * view. When one of them answers 503 (the database is down), so does the page: it throws that answer's
 * DependencyUnavailableException, and the filter draws the 503 page.
 */
export async function firstViewAnswers(fastify: FastifyInstance, request: FastifyRequest, place: FirstViewPlace): Promise<FirstViewAnswer[]> {
  if (request.cookies?.[SESSION_COOKIE]) return [];
  const headers: Record<string, string> = { accept: 'application/json' };
  let unavailable: { message: string; retryAfter: number } | undefined;
  const answers = await Promise.all(
    firstViewRequests(place).map(async (asked): Promise<FirstViewAnswer | null> => {
      try {
        const response = await fastify.inject({ method: 'GET', url: asked.path, headers, remoteAddress: request.ip });
        if (response.statusCode === 503) {
          unavailable = { message: response.json<{ message: string }>().message, retryAfter: Number(response.headers['retry-after']) || 5 };
          return null;
        }
        if (!firstViewUsable(asked.kind, response.statusCode)) return null;
        return firstScreenOf({ ...asked, status: response.statusCode, body: response.json<unknown>() });
      } catch {
        // The browser asks for itself.
        return null;
      }
    }),
  );
  if (unavailable) throw new DependencyUnavailableException(unavailable.message, unavailable.retryAfter);
  return answers.filter((a): a is FirstViewAnswer => a !== null);
}

/** The first view's answers as the page's JSON data block (none: nothing). */
export function firstViewBlock(answers: readonly FirstViewAnswer[]): string {
  return answers.length === 0 ? '' : `<script type="application/json" id="${FIRST_VIEW_ELEMENT_ID}">${firstViewJson(answers)}</script>`;
}
