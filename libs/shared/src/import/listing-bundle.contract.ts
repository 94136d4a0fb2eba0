import type { UserRole } from '../auth/user.contract';
import type { ListingStatus } from '../vehicles/vocabularies';
import type { RejectionReason } from '../vehicles/listing-lifecycle';

/**
 * A listing bundle: accounts, listings with their photos, buyer inquiries and site visits, in a folder that
 * the API imports through its own services (`node dist/apps/api/main.js import <folder>`, or at start for the
 * demo data). Every listing is checked by the rules of a seller's listing (VehicleInputDto); every photo by
 * the upload rules. The demo tool (tools/demo) writes one.
 */
export const LISTING_BUNDLE_FILE = 'bundle.json';
export const LISTING_BUNDLE_FORMAT = 2;
/**
 * While a bundle's photos are still being written (`photosPending`), the photos whose files are whole, one
 * `file` per line, appended as each one is done. The importer takes the listings at once, each photo as it
 * appears here, and the rest when the bundle no longer says `photosPending` (then every photo is whole).
 */
export const BUNDLE_PHOTOS_DONE_FILE = 'photos.done';

/**
 * The photos a BUNDLE_PHOTOS_DONE_FILE lists (each line a BundlePhoto as JSON), by `file`. A line cut short (being
 * appended, or by an interrupted writer) is skipped: that photo is not whole yet.
 */
export function parseDonePhotos(text: string): Map<string, BundlePhoto> {
  const done = new Map<string, BundlePhoto>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const photo = JSON.parse(line) as BundlePhoto;
      if (typeof photo.file === 'string') done.set(photo.file, photo);
    } catch {
      // cut short
    }
  }
  return done;
}

export interface BundleAccount {
  /** How listings name their owner. */
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  /** Without one the account has no password: nobody signs in to it until a password reset gives it one. */
  password?: string;
}

/**
 * One photo as the upload rules store it: every file of `photoFiles(width, height)`, named `<file><suffix>`
 * (relative to the bundle folder: `photos/00-0.webp`, `photos/00-0-640.avif`, `photos/00-0-social.jpg`…).
 */
export interface BundlePhoto {
  /** The files' common name, without suffix. */
  file: string;
  /** Of the largest size. */
  width: number;
  height: number;
  /** ThumbHash, base64url. */
  placeholder: string;
}

export interface BundleListing {
  owner: string;
  /** The listing as a seller would send it (without images: they come from `photos`). */
  input: Record<string, unknown>;
  status: ListingStatus;
  /** Why staff rejected it: required with status `rejected` (its seller sees it on the dashboard and edit page). */
  rejection?: { reason: RejectionReason; note?: string };
  views: number;
  isFeatured: boolean;
  /** ISO 8601. */
  createdAt: string;
  photos: BundlePhoto[];
  /**
   * Only while the bundle's `photosPending`: the `file` names of the listing's photos still being written, in
   * order after `photos`; each one's BundlePhoto becomes a line of BUNDLE_PHOTOS_DONE_FILE when it is whole.
   */
  pendingPhotos?: string[];
}

export interface BundleInquiry {
  /** Index into `listings`. */
  listing: number;
  senderFirstName: string;
  senderLastName: string;
  senderEmail: string;
  senderPhone?: string;
  subject: string;
  message: string;
  isFinancingInterest: boolean;
  isTradeInInterest: boolean;
  /** ISO 8601. */
  receivedAt: string;
}

/** One page view of the site's traffic (a line of the visits file, JSON). */
export interface BundleVisit {
  visitor: string;
  page: string;
  /** ISO 8601. */
  at: string;
  userAgent: string;
}

export interface ListingBundle {
  format: typeof LISTING_BUNDLE_FORMAT;
  /** What made the bundle (a version stamp: a tool rebuilds a bundle whose stamp is not its own). */
  generator: string;
  /**
   * ISO 8601: when the bundle was made. Every time in it (listings, inquiries, visits) is moved forward by
   * the time since, so a bundle made weeks ago imports as recent.
   */
  generatedAt: string;
  accounts: BundleAccount[];
  listings: BundleListing[];
  inquiries: BundleInquiry[];
  /** A file of BundleVisit lines (JSON per line), relative to the bundle folder; optional. */
  visitsFile?: string;
  /**
   * True while the photos' files are still being written (see BUNDLE_PHOTOS_DONE_FILE): the demo's first start
   * shows its listings at once and their photos as they are rendered.
   */
  photosPending?: boolean;
  /**
   * A file of past sales (MarketSaleDto lines, JSON per line: make, model, bodyType, year, mileage,
   * condition, price, soldAt), relative to the bundle folder; optional. Imported as the market model's sold
   * comparables, so a new site rates its listings from the first day.
   */
  marketSalesFile?: string;
}
