import { Injectable, Optional } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { Metrics } from '../../infra/metrics/metrics.service';
import { ListingReader } from '../vehicles';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Drawn pages an instance keeps, in bytes (each page as sent plain, brotli and gzip). */

/**
 * Brotli's quality for a drawn page as it is kept. Measured on the demo's drawn search page (45 KB of HTML), one
 * compression each: quality 9 took 14.1 ms of CPU for 8,252 bytes, quality 6 took 1.4 ms for 8,289 (+0.4 %).
 * Every page nobody asked for before (a new search's filters) pays it, and at 9 it was the largest single cost of
 * such a miss (npm run bench:pages, "search page, drawn each time").
 */
const KEPT_PAGE_BROTLI_QUALITY = 6;

export const PAGE_CACHE_BYTES = 64 * 1024 * 1024;
/**
 * How long a drawn page is kept even while what it shows stands: the little it shows that no listing write
 * changes (the order of "most viewed") is at most this old. View counts are not in a kept page at all.
 */
export const PAGE_TTL_MS = 60_000;
/**
 * How the public pages may be kept by a shared cache (a CDN) in front: it serves a page for 10 s, and for a
 * minute more while it asks again in the background; a browser asks each time (max-age=0) and gets a 304 while
 * the page's ETag stands. A CDN must pass requests that carry the session cookie through to the API (a signed-in
 * visitor's page is drawn for them alone and answered `private`).
 */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

/**
 * What a page shows, so what makes its drawing old: nothing but the build and the day (the information pages),
 * any listing (the landing page's recent listings, a search: the listings' data version), or one listing (its
 * page: that listing's version, so writes of other listings keep it).
 */
export type PageDependency = { kind: 'none' } | { kind: 'listings' } | { kind: 'listing'; id: number };

/** A page as drawn for any signed-out visitor: its status and HTML. */
export interface DrawnPage {
  status: number;
  html: string;
}

/** A kept page: its bytes as sent (brotli made with it, gzip on first demand) and its ETag. */
export interface CachedPage {
  readonly etag: string;
  readonly plain: Buffer;
  readonly br: Buffer;
  gzip?: Buffer;
  /** For a one-listing page: the listing's version it shows, and the data version it was last checked at. */
  listingVersion?: number;
  checkedAt?: number;
}

export interface PageRequest {
  /**
   * Everything besides the data that decides the drawing: the storefront build, the address with its query, the
   * site's own address when it is taken from the request. The day is added here.
   */
  key: string;
  dependsOn: PageDependency;
}

/**
 * The drawn public pages of one API instance (issue 28): kept by what they show, so a repeated page costs a
 * lookup instead of its API answers and a `renderToString`. A page that shows many listings is keyed by the
 * listings' data version (any listing write draws it anew); a listing's page by that listing's version, checked
 * with one indexed read when the data version moves, so the writes of other listings keep it; every page by the
 * UTC day (the footer's year, a "listed 3 days ago"). Another instance's write shows within a second (the data
 * version's own delay), this instance's at once. Only pages the same for every signed-out visitor come here: no
 * cookie, no view count (the storefront counts the view and shows the count after it has loaded).
 */
@Injectable()
export class PageCache {
  private readonly pages = new LRUCache<string, CachedPage>({
    maxSize: PAGE_CACHE_BYTES,
    sizeCalculation: (page) => page.plain.length + page.br.length + (page.gzip?.length ?? 0) + 200,
    ttl: PAGE_TTL_MS,
  });
  /** Pages being drawn: concurrent misses of one page share one drawing. */
  private readonly drawing = new Map<string, Promise<CachedPage | DrawnPage>>();
  /** Listing versions being read, per listing and data version: concurrent checks share one read. */
  private readonly checks = new Map<string, Promise<number | null>>();

  constructor(
    private readonly listings: ListingReader,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  /**
   * The kept page for `request`, or a new drawing of it (`draw`), kept when it is a 200. Answers the drawing
   * itself, not kept, when it is anything else (a 404 is drawn for whoever asks).
   */
  async page(request: PageRequest, draw: () => Promise<DrawnPage>): Promise<CachedPage | DrawnPage> {
    const dataVersion = await this.listings.dataVersion();
    const key = this.keyOf(request, dataVersion);
    const kept = this.pages.get(key);
    if (kept) {
      if (await this.stillShows(kept, request.dependsOn, dataVersion)) {
        this.count('hit');
        return kept;
      }
      if (this.pages.peek(key) === kept) this.pages.delete(key);
    }
    const inFlight = this.drawing.get(key);
    if (inFlight) {
      this.count('hit');
      return inFlight;
    }
    this.count('miss');
    const drawn = this.drawAndKeep(key, request.dependsOn, dataVersion, draw);
    this.drawing.set(key, drawn);
    try {
      return await drawn;
    } finally {
      this.drawing.delete(key);
    }
  }

  /** The page's bytes in the encoding the request prefers among br, gzip and none (made on first demand). */
  async encoded(page: CachedPage, acceptEncoding: string | undefined): Promise<{ body: Buffer; encoding?: 'br' | 'gzip' }> {
    const accepted = acceptedEncodings(acceptEncoding);
    if (accepted.has('br')) return { body: page.br, encoding: 'br' };
    if (accepted.has('gzip')) {
      if (!page.gzip) {
        page.gzip = await gzipAsync(page.plain, { level: 6 });
      }
      return { body: page.gzip, encoding: 'gzip' };
    }
    return { body: page.plain };
  }

  /** Forgets every kept page (tests, a new build). */
  clear(): void {
    this.pages.clear();
  }

  private keyOf({ key, dependsOn }: PageRequest, dataVersion: number): string {
    const day = new Date().toISOString().slice(0, 10);
    return dependsOn.kind === 'listings' ? `${day}|v${dataVersion}|${key}` : `${day}|${key}`;
  }

  /** Whether a kept page still shows what it shows now: a one-listing page is checked once per data version. */
  private async stillShows(page: CachedPage, dependsOn: PageDependency, dataVersion: number): Promise<boolean> {
    if (dependsOn.kind !== 'listing' || page.checkedAt === dataVersion) return true;
    const version = await this.listingVersion(dependsOn.id, dataVersion);
    if (version === null || version !== page.listingVersion) return false;
    if (page.checkedAt === undefined || page.checkedAt < dataVersion) page.checkedAt = dataVersion;
    return true;
  }

  private listingVersion(id: number, dataVersion: number): Promise<number | null> {
    const key = `${id}@${dataVersion}`;
    let read = this.checks.get(key);
    if (!read) {
      read = this.listings.listingVersion(id);
      this.checks.set(key, read);
      const done = () => this.checks.delete(key);
      read.then(done, done);
    }
    return read;
  }

  private async drawAndKeep(key: string, dependsOn: PageDependency, dataVersion: number, draw: () => Promise<DrawnPage>): Promise<CachedPage | DrawnPage> {
    // The listing's version is read before the drawing: a write in between draws it again at the next check.
    const listingVersion = dependsOn.kind === 'listing' ? await this.listings.listingVersion(dependsOn.id) : undefined;
    const drawn = await draw();
    if (drawn.status !== 200 || listingVersion === null) return drawn;
    const plain = Buffer.from(drawn.html, 'utf8');
    const br = await brotli(plain, {
      params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: KEPT_PAGE_BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: plain.length },
    });
    const page: CachedPage = {
      etag: `W/"${createHash('sha1').update(plain).digest('base64url').slice(0, 22)}"`,
      plain,
      br,
      ...(listingVersion !== undefined ? { listingVersion, checkedAt: dataVersion } : {}),
    };
    this.pages.set(key, page);
    return page;
  }

  private count(result: 'hit' | 'miss'): void {
    this.metrics?.cacheLookups.inc({ data_set: 'pages', result });
  }
}

/** Whether `page` is a kept one (else a drawing answered as it is). */
export function isCachedPage(page: CachedPage | DrawnPage): page is CachedPage {
  return 'etag' in page;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as for GET), or is `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** The encodings an Accept-Encoding header accepts (q=0 refuses). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name.trim());
  }
  return accepted;
}
