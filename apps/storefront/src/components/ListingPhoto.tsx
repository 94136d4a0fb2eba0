import { useState, type ImgHTMLAttributes, type SyntheticEvent } from 'react';
import { thumbHashToApproximateAspectRatio } from 'thumbhash';
import { cardImageUrl, photoPlaceholder, photoSrcSet, type PublicVehicle } from '@app/shared';
import { coverImage, FALLBACK_IMAGE } from '../lib/vehicle';

/**
 * `sizes` of a card's photo: the card grid's column (cards are at least 260 px, in one column on a phone,
 * up to four in the 1280 px container).
 */
export const CARD_PHOTO_SIZES = '(min-width: 1280px) 380px, (min-width: 640px) 50vw, calc(100vw - 32px)';

/** Placeholders by ThumbHash (a CSS gradient each): a grid re-renders them on every page. */
const placeholders = new Map<string, string>();
const MAX_PLACEHOLDERS = 500;

/** The CSS background a photo's ThumbHash paints while the photo loads; null for a photo without one. */
export function placeholderImage(url: string): string | null {
  const hash = photoPlaceholder(url);
  if (!hash) return null;
  let image = placeholders.get(hash);
  if (image === undefined) {
    try {
      const bytes = Uint8Array.from(atob(hash.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      image = placeholderGradient(bytes);
    } catch {
      return null; // not a ThumbHash after all: no placeholder rather than a broken page
    }
    if (placeholders.size >= MAX_PLACEHOLDERS) placeholders.clear();
    placeholders.set(hash, image);
  }
  return image;
}

/**
 * A ThumbHash as a vertical gradient through the average colours of its top, middle and bottom thirds (sky,
 * car, road): about 60 bytes of CSS where its decoded PNG was ~1 KB of base64 on every card of a page the server
 * draws (24 on the landing page: a fifth of its HTML). Painted only until the photo has loaded.
 */
function placeholderGradient(hash: Uint8Array): string {
  return `linear-gradient(${bandColours(hash).join(',')})`;
}

/**
 * The average colours of a ThumbHash's top, middle and bottom thirds, read from its terms without drawing it.
 * Its picture (thumbHashToRGBA, the library's decoder) is a sum of cosine terms over a grid of up to 32 x 32 (the
 * DCT), and averaged across a row every term with a horizontal frequency cancels out: a third's average is the
 * constant plus each vertical term times its cosine's mean over the third's rows. So this reads the hash as the
 * decoder does (its header, then 4-bit terms, row by row) and sums a few terms per third, where drawing the
 * picture to average it took a cosine per term and pixel: on a phone at Lighthouse's 4x slowdown, 40 ms of the
 * landing page's start for its 24 photos. Unlike the drawing, the colour is clamped once per third, not per pixel:
 * the same colour but where a third has pixels brighter than white.
 */
export function bandColours(hash: Uint8Array): string[] {
  const header24 = hash[0]! | (hash[1]! << 8) | (hash[2]! << 16);
  const header16 = hash[3]! | (hash[4]! << 8);
  const hasAlpha = header24 >> 23;
  const isLandscape = header16 >> 15;
  const lx = Math.max(3, isLandscape ? (hasAlpha ? 5 : 7) : header16 & 7);
  const ly = Math.max(3, isLandscape ? header16 & 7 : hasAlpha ? 5 : 7);
  const dc = { l: (header24 & 63) / 63, p: ((header24 >> 6) & 63) / 31.5 - 1, q: ((header24 >> 12) & 63) / 31.5 - 1 };
  const scale = { l: ((header24 >> 18) & 31) / 31, p: (((header16 >> 3) & 63) / 63) * 1.25, q: (((header16 >> 9) & 63) / 63) * 1.25 };
  // The terms in the decoder's order; of each channel, only those with no horizontal frequency (cx = 0) are kept,
  // by their vertical frequency cy: the first of each row of terms after the first row.
  let index = 0;
  const start = hasAlpha ? 6 : 5;
  const vertical = (nx: number, ny: number, channelScale: number): number[] => {
    const terms = [0];
    for (let cy = 0; cy < ny; cy += 1) {
      for (let cx = cy ? 0 : 1; cx * ny < nx * (ny - cy); cx += 1, index += 1) {
        if (cx === 0) terms[cy] = ((((hash[start + (index >> 1)] ?? 0) >> ((index & 1) << 2)) & 15) / 7.5 - 1) * channelScale;
      }
    }
    return terms;
  };
  const terms = { l: vertical(lx, ly, scale.l), p: vertical(3, 3, scale.p), q: vertical(3, 3, scale.q) };
  // The decoder's picture height (thumbHashToRGBA: 32 pixels on the longer side).
  const ratio = thumbHashToApproximateAspectRatio(hash);
  const h = Math.round(ratio > 1 ? 32 / ratio : 32);
  return [0, 1, 2].map((band) => {
    const from = Math.floor((band * h) / 3);
    const to = Math.max(from + 1, Math.floor(((band + 1) * h) / 3));
    // Each channel's mean over the third's rows: its constant, and each vertical term times twice its cosine's mean.
    const mean = (channel: 'l' | 'p' | 'q') => {
      let sum = 0;
      for (let y = from; y < to; y += 1) {
        for (let cy = 1; cy < terms[channel].length; cy += 1) sum += terms[channel][cy]! * 2 * Math.cos((Math.PI / h) * (y + 0.5) * cy);
      }
      return dc[channel] + sum / (to - from);
    };
    const l = mean('l');
    const p = mean('p');
    const q = mean('q');
    // The decoder's conversion to RGB.
    const b = l - (2 / 3) * p;
    const r = (3 * l - b + q) / 2;
    const g = r - q;
    return `#${[r, g, b].map((v) => Math.round(Math.max(0, 255 * Math.min(1, v))).toString(16).padStart(2, '0')).join('')}`;
  });
}

interface ListingPhotoProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> {
  /** The listing photo (its largest size, as the listing stores it). */
  url: string;
  /** How wide the photo is drawn at each screen width (the browser picks the file from it). */
  sizes: string;
  /** The file a browser without `srcset` shows; the card size unless given. */
  src?: string;
  /** How the photo fills its box (the placeholder follows it). */
  fit?: 'cover' | 'contain';
}

/**
 * A listing photo in the size and format the screen needs: AVIF and WebP `srcset`s of every stored size
 * (`photoSrcSet`), the browser choosing with `sizes`; its ThumbHash painted underneath until the file has
 * loaded. Older uploads have WebP in two sizes and no placeholder; a hosted image is one URL.
 */
export function ListingPhoto({ url, sizes, src, fit: _fit, style, onLoad, ...img }: ListingPhotoProps) {
  const [loaded, setLoaded] = useState<string | null>(null);
  const avif = photoSrcSet(url, 'avif');
  const webp = photoSrcSet(url, 'webp');
  const placeholder = loaded === url ? null : placeholderImage(url);
  const painted = placeholder ? { ...style, backgroundImage: placeholder } : style;
  const handleLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    setLoaded(url);
    onLoad?.(event);
  };
  const image = <img {...img} ref={loadedAlready} src={src ?? cardImageUrl(url)} srcSet={webp} sizes={webp ? sizes : undefined} style={painted} onLoad={handleLoad} />;
  if (!avif) return image;
  return (
    <picture className="listing-photo">
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      {image}
    </picture>
  );
}

/**
 * A photo of a page the server drew can load before the app takes that markup over (hydration), and its load
 * event then reached no handler: it is sent again, so the placeholder goes and the gallery learns the size.
 */
function loadedAlready(node: HTMLImageElement | null): void {
  if (node?.complete && node.naturalWidth > 0) node.dispatchEvent(new Event('load'));
}

/** A listing's cover photo (`ListingPhoto`), or the stock drawing when it has no photo. */
export function CoverPhoto({ vehicle, ...props }: Omit<ListingPhotoProps, 'url'> & { vehicle: Pick<PublicVehicle, 'images' | 'coverPhotoIndex'> }) {
  const cover = coverImage(vehicle);
  if (cover) return <ListingPhoto url={cover} {...props} />;
  const { sizes: _sizes, src: _src, fit: _fit, ...img } = props;
  return <img {...img} src={FALLBACK_IMAGE} />;
}
