import {
  HERO_IMAGE,
  SERVER_RENDERED_ATTRIBUTE,
  CONDITION_OPTIONS,
  GALLERY_PHOTO_SIZES,
  formatMileage,
  formatPrice,
  labelOf,
  listingPageTitle,
  photoSrcSet,
  socialImageOf,
  soldText,
  vehicleTitle,
  type PublicVehicle,
} from '@app/shared';

/** Fields of a listing the page head needs: the public listing (its sold price only where the seller shows it). */
export type SeoVehicle = Pick<
  PublicVehicle,
  | 'id'
  | 'make'
  | 'model'
  | 'year'
  | 'trim'
  | 'mileage'
  | 'price'
  | 'condition'
  | 'bodyType'
  | 'fuelType'
  | 'transmission'
  | 'drivetrain'
  | 'exteriorColor'
  | 'interiorColor'
  | 'description'
  | 'images'
  | 'coverPhotoIndex'
  | 'location'
  | 'status'
  | 'soldPrice'
  | 'updatedAt'
>;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** JSON inside <script>: no "</script>" or HTML comment can close it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function absolute(base: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`;
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

export interface PageHead {
  title: string;
  description: string;
  /** Extra tags (canonical, Open Graph, Twitter, JSON-LD), already escaped. */
  tags: string[];
  /** Preloads of the page's largest photo, first in the head. */
  preloads?: string[];
}

/** Title, description, canonical URL, Open Graph and Twitter tags and schema.org Car JSON-LD of one listing. */
export function vehicleHead(vehicle: SeoVehicle, base: string, siteName: string): PageHead {
  const name = vehicleTitle(vehicle, true);
  const price = formatPrice(vehicle.price);
  const url = `${base}/vehicles/${vehicle.id}`;
  const cover = vehicle.images[vehicle.coverPhotoIndex] ?? vehicle.images[0];
  const social = cover ? socialImageOf(cover) : undefined;
  const image = social ? absolute(base, social.url) : undefined;
  const sold = vehicle.status === 'sold';
  // A sold listing is not for sale: its title, description and previews say "Sold" (with the price only
  // where the seller agreed to show it).
  const soldPrice = sold ? vehicle.soldPrice : null;
  const title = `${listingPageTitle({ ...vehicle, soldPrice })} | ${siteName}`;
  const shortTitle = sold ? `${name} – ${soldText(soldPrice)}` : `${name} – ${price}`;
  const facts = `${formatMileage(vehicle.mileage)}, ${labelOf(CONDITION_OPTIONS, vehicle.condition).toLowerCase()} condition, in ${vehicle.location}.`;
  const summary = sold ? `${name}, ${soldText(soldPrice).toLowerCase()}: ${facts}` : `${name} for ${price}: ${facts}`;
  const description = oneLine(vehicle.description ? `${summary} ${vehicle.description}` : summary, 200);

  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name,
    url,
    description: oneLine(vehicle.description ?? summary, 5000),
    brand: { '@type': 'Brand', name: vehicle.make },
    model: vehicle.model,
    vehicleModelDate: String(vehicle.year),
    ...(vehicle.trim ? { vehicleConfiguration: vehicle.trim } : {}),
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: vehicle.mileage, unitCode: 'SMI' },
    itemCondition: 'https://schema.org/UsedCondition',
    ...(vehicle.bodyType ? { bodyType: vehicle.bodyType } : {}),
    ...(vehicle.fuelType ? { fuelType: vehicle.fuelType } : {}),
    ...(vehicle.transmission ? { vehicleTransmission: vehicle.transmission } : {}),
    ...(vehicle.drivetrain ? { driveWheelConfiguration: vehicle.drivetrain } : {}),
    ...(vehicle.exteriorColor ? { color: vehicle.exteriorColor } : {}),
    ...(vehicle.interiorColor ? { vehicleInteriorColor: vehicle.interiorColor } : {}),
    ...(vehicle.images.length ? { image: vehicle.images.map((i) => absolute(base, i)) } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: vehicle.price.toFixed(2),
      priceCurrency: 'USD',
      availability: sold ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
    },
  };

  const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  // The gallery's first photo is the page's largest paint: fetch it while the scripts load, choosing among
  // the same files with the same rule as the gallery's <picture> (its first format's srcset and sizes), so
  // it is fetched once. A browser skips a preload of a type it cannot show, as it skips that <source>.
  const preloads = cover ? [photoPreload(cover, GALLERY_PHOTO_SIZES)] : [];
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'product'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', shortTitle),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', name)] : []),
    ...(social?.width && social.height && social.type
      ? [meta('property', 'og:image:type', social.type), meta('property', 'og:image:width', String(social.width)), meta('property', 'og:image:height', String(social.height))]
      : []),
    meta('property', 'product:price:amount', vehicle.price.toFixed(2)),
    meta('property', 'product:price:currency', 'USD'),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', shortTitle),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
  ];
  return { title, description, tags, preloads };
}

const TITLE_TAG = /<title>[^<]*<\/title>/;
const DESCRIPTION_TAG = /<meta name="description"[^>]*>/;

/**
 * index.html with this page's title, description (when given) and extra head tags. Built by slicing, never
 * with a replacement string: listing text such as `$&`, `` $` `` or `$'` is text, not a pattern.
 */
export function withHead(html: string, head: Partial<PageHead> & { title: string }): string {
  let out = replaceTag(html, TITLE_TAG, `<title>${escapeHtml(head.title)}</title>`);
  if (head.description !== undefined) {
    out = replaceTag(out, DESCRIPTION_TAG, `<meta name="description" content="${escapeHtml(head.description)}" />`);
  }
  if (head.preloads?.length) out = insertEarlyInHead(out, head.preloads.join(''));
  return head.tags?.length ? insertIntoHead(out, head.tags.join('')) : out;
}

/**
 * A preload of a listing photo: its preferred format's `srcset` with the page's `sizes` (typed, so a browser
 * that cannot show AVIF skips it), else the WebP sizes, else the one URL.
 */
function photoPreload(url: string, sizes: string): string {
  const avif = photoSrcSet(url, 'avif');
  const srcset = avif ?? photoSrcSet(url, 'webp');
  if (!srcset) return `<link rel="preload" as="image" href="${escapeHtml(url)}" fetchpriority="high" />`;
  const type = avif ? ' type="image/avif"' : '';
  return `<link rel="preload" as="image" href="${escapeHtml(url)}" imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"${type} fetchpriority="high" />`;
}

/** The landing page's hero photo, fetched while the scripts load (same srcset and sizes as its <img>). */
export function landingPreload(): string {
  return `<link rel="preload" as="image" href="${HERO_IMAGE.src}" imagesrcset="${HERO_IMAGE.srcSet}" imagesizes="${HERO_IMAGE.sizes}" fetchpriority="high" />`;
}

/**
 * Links for a page's own script and style files (page-assets.json of the storefront build): scripts preloaded,
 * styles applied, so that a page the server drew is styled at its first paint (the browser's chunk loader
 * finds the stylesheet already there and does not load it again).
 */
export function pageAssetLinks(files: readonly string[]): string {
  return files
    .filter((file) => /^\/[\w./-]+\.(js|css)$/.test(file))
    .map((file) => (file.endsWith('.css') ? `<link rel="stylesheet" href="${file}" />` : `<link rel="preload" as="script" href="${file}" />`))
    .join('');
}

/**
 * A page the server drew: `html` in its root element, marked as drawn (the storefront hydrates it). It needs no
 * script to be seen, so its script preloads (index.html's and the page's) go, leaving the connection to its
 * stylesheets and photos (the storefront loads its scripts once the page has loaded: index.ts), and so does the
 * "needs JavaScript" notice, which is not true of it.
 */
export function withServerDrawing(page: string, html: string): string {
  const drawn = withRoot(page, html, ` ${SERVER_RENDERED_ATTRIBUTE}`);
  return drawn.replace(/<link rel="preload" as="script" [^>]*>/g, '').replace(/<noscript>[\s\S]*?<\/noscript>/, '');
}

/**
 * The storefront's root element (`<div id="root">`, the last element of index.html's body) holding `html`
 * instead of its boot shell, with `attributes` (already escaped) added; by slicing, so text in `html` is text.
 */
export function withRoot(page: string, html: string, attributes = ''): string {
  const open = '<div id="root">';
  const start = page.indexOf(open);
  const end = page.lastIndexOf('</div>', page.lastIndexOf('</body>'));
  if (start < 0 || end < start + open.length) return page;
  return `${page.slice(0, start)}<div id="root"${attributes}>${html}${page.slice(end)}`;
}

/**
 * `tags` added at the start of the head, after its charset and viewport: the page's largest photo is asked for
 * before the scripts, which otherwise take every connection the browser opens to the site first. After the
 * viewport, because a phone picks an image preload's size from `imagesizes` against the viewport it knows at
 * that point: before the viewport tag, that is the 980 px desktop default, and a phone fetched the 1600 px photo
 * besides the one its <img> then picked.
 */
export function insertEarlyInHead(html: string, tags: string): string {
  const anchor = /<meta name="viewport"[^>]*>/i.exec(html) ?? /<meta charset="[^"]*"\s*\/?>/i.exec(html);
  if (anchor) return html.slice(0, anchor.index + anchor[0].length) + tags + html.slice(anchor.index + anchor[0].length);
  return insertIntoHead(html, tags);
}

/** `html` added right after the body's start tag, by slicing (listing text in it is text, not a pattern). */
export function insertAtBodyStart(page: string, html: string): string {
  const body = /<body[^>]*>/i.exec(page);
  if (!body || html === '') return page;
  const at = body.index + body[0].length;
  return page.slice(0, at) + html + page.slice(at);
}

/** `tags` added at the end of the head (before `</head>`). */
export function insertIntoHead(html: string, tags: string): string {
  const at = html.indexOf('</head>');
  return at < 0 ? html : html.slice(0, at) + tags + html.slice(at);
}

/** The first tag matching `pattern` swapped for `tag`, or `tag` added to the head when there is none. */
function replaceTag(html: string, pattern: RegExp, tag: string): string {
  const match = pattern.exec(html);
  return match ? html.slice(0, match.index) + tag + html.slice(match.index + match[0].length) : insertIntoHead(html, tag);
}

export interface SitemapEntry {
  loc: string;
  lastmod?: Date;
}

export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries
    .map((e) => `<url><loc>${escapeHtml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
}
