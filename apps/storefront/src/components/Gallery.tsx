import { useState, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import { GALLERY_PHOTO_SIZES, sizedPhoto } from '@app/shared';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { ListingPhoto } from './ListingPhoto';
import './Gallery.css';

/** Next index, wrapping at both ends. */
export function wrapIndex(index: number, delta: number, total: number): number {
  if (total <= 0) return 0;
  return (((index + delta) % total) + total) % total;
}

interface GalleryProps {
  images: string[];
  alt: string;
  /** Drawn over the photo (the "Sold" state). */
  overlay?: ReactNode;
  /** Extra class of the gallery (e.g. `is-sold`). */
  className?: string;
}

/** Pixel size of the file the browser chose for a photo (the URL it was shown from). */
interface NaturalSize {
  photo: string;
  width: number;
  height: number;
}

/**
 * The real pixel size of the file an <img> shows. With a `srcset` of width descriptors the element's
 * naturalWidth is scaled by the descriptor, so the chosen file is measured apart (it is in the memory cache).
 */
function measure(img: HTMLImageElement, photo: string, done: (size: NaturalSize) => void): void {
  const source = img.currentSrc || img.src;
  if (/\.svg(\?|$)/i.test(source)) return; // a drawing: sharp at any size
  if (!img.srcset) {
    if (img.naturalWidth > 0) done({ photo, width: img.naturalWidth, height: img.naturalHeight });
    return;
  }
  const probe = new Image();
  if (typeof probe.decode !== 'function') return;
  probe.src = source;
  probe
    .decode()
    .then(() => {
      if (probe.naturalWidth > 0) done({ photo, width: probe.naturalWidth, height: probe.naturalHeight });
    })
    .catch(() => undefined);
}

/**
 * Photo gallery: previous/next arrows that wrap, ←/→ keys, a 'n / total' counter and thumbnails. The main
 * photo comes from the stored sizes and formats (`ListingPhoto` with the gallery's `sizes`), is shown whole
 * (never cropped) and never larger than its pixels: a small photo keeps its size, centred in the frame (a
 * sized photo's URL gives its size; other photos are measured once loaded).
 */
export function Gallery({ images, alt, overlay, className }: GalleryProps) {
  const [index, setIndex] = useState(0);
  const [natural, setNatural] = useState<NaturalSize | null>(null);
  const total = images.length;
  const current = images[index] ?? images[0] ?? '';
  const go = (delta: number) => setIndex((i) => wrapIndex(i, delta, total));
  const known = sizedPhoto(current);
  const size = known ?? (natural?.photo === current ? natural : null);
  const cap = size ? { maxWidth: size.width, maxHeight: size.height } : undefined;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  };

  const onLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    if (!known) measure(event.currentTarget, current, setNatural);
  };

  return (
    <div
      className={className ? `gallery ${className}` : 'gallery'}
      role="region"
      aria-roledescription="gallery"
      aria-label={`Photos of ${alt}`}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div className="gallery-main">
        <ListingPhoto
          key={current}
          url={current}
          src={current}
          sizes={GALLERY_PHOTO_SIZES}
          fit="contain"
          alt={`${alt}, photo ${index + 1} of ${total}`}
          width={known?.width ?? 1200}
          height={known?.height ?? 800}
          style={cap}
          fetchPriority={index === 0 ? 'high' : undefined}
          onLoad={onLoad}
        />
        {overlay}
        {total > 1 ? (
          <>
            <button type="button" className="gallery-arrow gallery-prev" onClick={() => go(-1)} aria-label="Previous photo">
              <ChevronLeftIcon size={24} />
            </button>
            <button type="button" className="gallery-arrow gallery-next" onClick={() => go(1)} aria-label="Next photo">
              <ChevronRightIcon size={24} />
            </button>
          </>
        ) : null}
        <span className="gallery-counter" aria-live="polite">
          {index + 1} / {total}
        </span>
      </div>
      {total > 1 ? (
        <ul className="gallery-thumbs">
          {images.map((src, i) => (
            <li key={`${src}-${i}`}>
              <button
                type="button"
                className={`gallery-thumb${i === index ? ' is-active' : ''}`}
                aria-label={`Show photo ${i + 1}`}
                aria-current={i === index}
                onClick={() => setIndex(i)}
              >
                <ListingPhoto url={src} sizes="120px" alt="" width={120} height={80} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
