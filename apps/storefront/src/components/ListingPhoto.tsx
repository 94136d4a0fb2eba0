import { useState, type ImgHTMLAttributes, type SyntheticEvent } from 'react';
import { thumbHashToRGBA } from 'thumbhash';
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
  const { w, h, rgba } = thumbHashToRGBA(hash);
  const bands = [0, 1, 2].map((band) => {
    const from = Math.floor((band * h) / 3);
    const to = Math.max(from + 1, Math.floor(((band + 1) * h) / 3));
    const sum = [0, 0, 0];
    for (let y = from; y < to; y++) for (let x = 0; x < w; x++) for (let c = 0; c < 3; c++) sum[c]! += rgba[(y * w + x) * 4 + c] ?? 0;
    const n = (to - from) * w;
    return `#${sum.map((v) => Math.round(v / n).toString(16).padStart(2, '0')).join('')}`;
  });
  return `linear-gradient(${bands.join(',')})`;
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
