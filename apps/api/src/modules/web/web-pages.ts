import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/compress';
import { statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BRAND, drawnQuery, EMBEDDABLE_PAGE, firstViewRequests, matchSiteRoute, robotsDisallowPaths, sitemapPaths, type ApiErrorBody, type FirstViewAnswer, type RouteMatch } from '@app/shared';
import { APP_CONFIG, AppConfig } from '../../infra/config/app-config';
import { parseCanonicalId } from '../../infra/http/id-param.pipe';
import { SESSION_COOKIE } from '../../infra/http/security';
import { NOT_A_PAGE } from '../../infra/http/unavailable-page';
import { ListingReader } from '../vehicles';
import { firstViewAnswers, firstViewBlock } from './first-view';
import { isCachedPage, matchesEtag, PageCache, PUBLIC_PAGE_CACHE_CONTROL, type CachedPage, type DrawnPage, type PageDependency } from './page-cache';
import { PageRenderer } from './page-renderer';
import { insertAtBodyStart, insertEarlyInHead, insertIntoHead, landingPreload, pageAssetLinks, sitemapXml, vehicleHead, withHead, withRoot, withServerDrawing, type SeoVehicle } from './seo';


const SITEMAP_MAX_LISTINGS = 45_000;

/**
 * How often, in production, the storefront build's files a drawing reads (index.html, page-assets.json) are looked
 * at for a rebuild; elsewhere (a developer's rebuilds, the tests) at every drawing.
 */
const BUILT_FILE_CHECK_MS = 1000;

/**
 * The storefront's page routes: any GET that is not an API call, an upload or a built file answers the
 * storefront's index.html, and the client router draws the page. Registered as Fastify routes, so every
 * exact route (the API's, the built files') takes precedence. Besides: the head of /vehicles/{id} carries the
 * listing's title, description, canonical URL, Open Graph/Twitter tags and schema.org Car JSON-LD; only
 * /iframe-slideshow may be framed by other sites; /vehicle/{id} redirects; /sitemap.xml and /robots.txt.
 * Every page links its own script and style files (the build's page-assets.json) and, for a visitor who
 * is not signed in, carries its first view: the API answers its first screen needs (first-view.ts); the
 * public pages (`serverRendered` in the route table) are then drawn with them by the storefront's server
 * build (page-renderer.ts), so they paint before the scripts run.
 */
@Injectable()
export class WebPages implements OnModuleInit {
  private readonly built = new Map<string, { mtimeMs: number; text: string; statAt: number }>();
  private parsedAssets: { text: string | undefined; assets: Record<string, string[]> } | undefined;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly listings: ListingReader,
    private readonly renderer: PageRenderer,
    private readonly pages: PageCache,
  ) {}

  onModuleInit(): void {
    const fastify = this.fastify();
    const handler = (request: FastifyRequest, reply: FastifyReply) => this.serve(request, reply);
    fastify.get('/robots.txt', (request, reply) => this.robots(request, reply));
    fastify.get('/sitemap.xml', (request, reply) => this.sitemap(request, reply));
    fastify.get('/manifest.webmanifest', (_request, reply) => this.manifest(reply));
    fastify.get('/', handler);
    fastify.get('/*', handler);
  }

  /** The web app manifest: the site's name (SITE_NAME), the brand's colours, the icons of the storefront build. */
  private async manifest(reply: FastifyReply): Promise<void> {
    const name = this.config.site.name;
    const manifest = {
      name,
      short_name: name.length > 12 ? name.split(/\s+/)[0] : name,
      description: 'Used and luxury vehicles with a dedicated sales associate for every seller.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: BRAND.brand,
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    };
    await reply.header('content-type', 'application/manifest+json; charset=utf-8').header('cache-control', 'public, max-age=3600').send(JSON.stringify(manifest));
  }

  /** The site's public address: PUBLIC_URL, else the address the request came to. */
  private baseUrl(request: FastifyRequest): string {
    return this.config.publicUrl ?? `${request.protocol}://${request.host}`;
  }

  private async serve(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const path = request.url.split('?')[0] ?? '/';
    const match = NOT_A_PAGE.test(path) ? undefined : matchSiteRoute(path);
    if (match?.route.page === 'vehicleRedirect') {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      await reply.redirect(`/vehicles/${encodeURIComponent(decodeURIComponent(match.params.id as string))}${query}`, 301);
      return;
    }
    const build = NOT_A_PAGE.test(path) ? undefined : this.buildId();
    if (build === undefined) {
      const body: ApiErrorBody = { statusCode: 404, message: `Cannot GET ${path}` };
      await reply.status(404).send(body);
      return;
    }
    if (path === EMBEDDABLE_PAGE) this.allowFraming(reply);
    const address = drawnAddress(path, match, request.url);
    // A page of the route table for a signed-out visitor is the same for every such visitor: kept and shared, by
    // the address as its drawing reads it (a query parameter it does not read makes no new drawing).
    if (match && !request.cookies?.[SESSION_COOKIE]) {
      const site = this.config.publicUrl ? '' : `${request.protocol}://${request.host}`;
      const page = await this.pages.page({ key: `${build}|${site}|${address.url}`, dependsOn: dependencyOf(match) }, () => this.draw(request, match, address));
      if (isCachedPage(page)) await this.sendKept(request, reply, page);
      else await this.sendDrawn(reply, page);
      return;
    }
    await this.sendDrawn(reply, await this.draw(request, match, address));
  }

  /**
   * The page at the request's address: index.html with its head, first view and (for a `serverRendered` page of
   * a signed-out visitor) its server drawing; 404 for an address outside the route table or a listing nobody may
   * see. Nothing in it depends on who asks besides whether they are signed in (firstViewAnswers).
   */
  private async draw(request: FastifyRequest, match: RouteMatch | undefined, { path, search, url }: DrawnAddress): Promise<DrawnPage> {
    const html = await this.indexHtml();
    if (html === undefined) return { status: 404, html: '' };
    // Paths of the shared route table are pages (200); anything else draws the client's 404 screen.
    let page = withHead(html, { title: this.config.site.name });
    let status = match ? 200 : 404;
    let answers: FirstViewAnswer[] = [];
    if (match?.route.page === 'vehicle') {
      // The listing is read once: the head is made from the first view's own answer (GET /api/vehicles/{id}); only
      // without one (a signed-in visitor, a failed answer) is it read for the head.
      const id = parseCanonicalId(match.params.id);
      if (id !== null) answers = await firstViewAnswers(this.fastify(), request, { page: 'vehicle', vehicleId: id, search });
      const answered = answers.find((a) => a.kind === 'vehicle')?.body as SeoVehicle | undefined;
      const vehicle = answered ?? (id === null ? null : await this.listings.publicListing(id));
      if (vehicle) page = withHead(html, vehicleHead(vehicle, this.baseUrl(request), this.config.site.name));
      else status = 404;
    } else if (match) answers = await firstViewAnswers(this.fastify(), request, { page: match.route.page, search });
    if (match?.route.page === 'landing') page = insertEarlyInHead(page, landingPreload());
    if (status === 404) page = insertIntoHead(page, '<meta name="robots" content="noindex" />');
    if (match && status === 200) {
      page = insertIntoHead(page, pageAssetLinks((await this.pageAssets())[`page-${match.route.page}`] ?? []));
      page = insertAtBodyStart(page, firstViewBlock(answers));
      const drawn = match.route.serverRendered && answers.length > 0 ? await this.renderer.render(url, answers) : undefined;
      if (drawn !== undefined) page = withServerDrawing(page, drawn);
    }
    // A framed slideshow has no header: no first-paint header bar either.
    if (path === EMBEDDABLE_PAGE) page = withRoot(page, '');
    return { status, html: page };
  }

  /** A page drawn for this request alone: private (a signed-in visitor's, a 404), compressed as the browser accepts. */
  private async sendDrawn(reply: FastifyReply, { status, html }: DrawnPage): Promise<void> {
    void reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'private, no-cache');
    await reply.compress(html);
  }

  /**
   * A kept page: public (a CDN may keep it briefly, PUBLIC_PAGE_CACHE_CONTROL), with its ETag, as 304 when the
   * browser holds it already, else in the encoding the browser prefers, compressed once when it was kept.
   */
  private async sendKept(request: FastifyRequest, reply: FastifyReply, page: CachedPage): Promise<void> {
    void reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', PUBLIC_PAGE_CACHE_CONTROL)
      .header('etag', page.etag)
      .header('vary', 'accept-encoding');
    if (matchesEtag(request.headers['if-none-match'], page.etag)) {
      await reply.status(304).send();
      return;
    }
    const { body, encoding } = await this.pages.encoded(page, request.headers['accept-encoding']);
    if (encoding) void reply.header('content-encoding', encoding);
    await reply.status(200).send(body);
  }

  /**
   * What identifies the storefront build the pages are made of (index.html, page-assets.json and the server
   * renderer, by their times), or undefined without one. Read on every request (three stat calls): a new build
   * draws every page anew at once.
   */
  private buildId(): string | undefined {
    const { storefront } = this.config.staticDirs;
    const index = statSync(join(storefront, 'index.html'), { throwIfNoEntry: false });
    if (!index) return undefined;
    const assets = statSync(join(storefront, 'page-assets.json'), { throwIfNoEntry: false });
    const renderer = statSync(this.config.storefrontRenderer, { throwIfNoEntry: false });
    return `${index.mtimeMs}.${assets?.mtimeMs ?? 0}.${renderer?.mtimeMs ?? 0}`;
  }

  /** Lets any site frame this answer: `frame-ancestors *` instead of 'none', and no X-Frame-Options. */
  private allowFraming(reply: FastifyReply): void {
    const raw = reply.raw;
    const csp = raw.getHeader('content-security-policy');
    if (typeof csp === 'string') raw.setHeader('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
    raw.removeHeader('x-frame-options');
  }

  private async robots(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const lines = ['User-agent: *', 'Allow: /', ...robotsDisallowPaths().map((p) => `Disallow: ${p}`), '', `Sitemap: ${this.baseUrl(request)}/sitemap.xml`, ''];
    await reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(lines.join('\n'));
  }

  private async sitemap(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const base = this.baseUrl(request);
    const vehicles = await this.listings.publicIndex(SITEMAP_MAX_LISTINGS);
    const xml = sitemapXml([
      ...sitemapPaths().map((p) => ({ loc: `${base}${p}` })),
      ...vehicles.map((v) => ({ loc: `${base}/vehicles/${v.id}`, lastmod: v.updatedAt })),
    ]);
    await reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(xml);
  }

  private fastify(): FastifyInstance {
    return this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
  }

  private indexHtml(): Promise<string | undefined> {
    return this.builtFile('index.html');
  }

  /** The storefront build's page-assets.json: each page chunk's own script and style files (parsed once per text). */
  private async pageAssets(): Promise<Record<string, string[]>> {
    const text = await this.builtFile('page-assets.json');
    let parsed = this.parsedAssets;
    if (!parsed || parsed.text !== text) this.parsedAssets = parsed = { text, assets: parsePageAssets(text) };
    return parsed.assets;
  }

  /**
   * A file of the storefront build, read again only when it changes (a rebuild under a running server), which
   * production looks at at most once per BUILT_FILE_CHECK_MS: a stat of two files for every drawn page was 7 % of
   * the server's CPU on pages nobody asked for before.
   */
  private async builtFile(name: string): Promise<string | undefined> {
    const cached = this.built.get(name);
    const now = Date.now();
    if (cached && this.config.isProduction && now - cached.statAt < BUILT_FILE_CHECK_MS) return cached.text;
    const file = join(this.config.staticDirs.storefront, name);
    const info = await stat(file).catch(() => null);
    if (!info) return undefined;
    if (cached?.mtimeMs === info.mtimeMs) {
      cached.statAt = now;
      return cached.text;
    }
    const text = await readFile(file, 'utf8');
    this.built.set(name, { mtimeMs: info.mtimeMs, text, statAt: now });
    return text;
  }
}

/** The address a page is drawn for: its path and the query its drawing reads, and the two as one URL. */
export interface DrawnAddress {
  path: string;
  search: URLSearchParams;
  url: string;
}

/**
 * The address as a page's drawing reads it (drawnQuery in libs/shared): the search page's filters in their one
 * form, no query for any other page. The page is drawn for this address and kept by it.
 */
export function drawnAddress(path: string, match: RouteMatch | undefined, requestUrl: string): DrawnAddress {
  const asked = new URLSearchParams(requestUrl.includes('?') ? requestUrl.slice(requestUrl.indexOf('?') + 1) : '');
  const search = match ? drawnQuery(match.route.page, asked) : new URLSearchParams();
  const query = search.toString();
  return { path, search, url: query ? `${path}?${query}` : path };
}

/**
 * What a page of the route table shows, read from the API answers its first screen asks for (firstViewRequests):
 * a listing's answer makes it that listing's page; recent listings, a search, the featured listings or the makes
 * make it depend on every listing; configuration and who is signed in (nobody, here) on nothing that changes.
 */
export function dependencyOf(match: RouteMatch): PageDependency {
  const requests = firstViewRequests({ page: match.route.page, vehicleId: match.route.page === 'vehicle' ? (parseCanonicalId(match.params.id) ?? undefined) : undefined, search: new URLSearchParams() });
  const listing = requests.find((r) => r.kind === 'vehicle');
  if (listing?.id !== undefined) return { kind: 'listing', id: listing.id };
  if (requests.some((r) => r.kind !== 'config' && r.kind !== 'user')) return { kind: 'listings' };
  // A listing page whose id is not canonical is a 404 drawn for whoever asks; nothing to depend on.
  return { kind: 'none' };
}

/** page-assets.json's text as a map of page chunk to files; empty when it is missing or not JSON. */
function parsePageAssets(text: string | undefined): Record<string, string[]> {
  try {
    return text ? (JSON.parse(text) as Record<string, string[]>) : {};
  } catch {
    return {};
  }
}
