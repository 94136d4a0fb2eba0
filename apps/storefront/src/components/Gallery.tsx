import { useState, type KeyboardEvent } from 'react';
import { cardImageUrl } from '@app/shared';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import './Gallery.css';

/** Next index, wrapping at both ends. */
export function wrapIndex(index: number, delta: number, total: number): number {
  if (total <= 0) return 0;
  return (((index + delta) % total) + total) % total;
}

/** Where the gallery shows the card-size variant; the server preloads the cover photo with the same rule. */
export const PHONE_MEDIA = '(max-width: 767px)';

interface GalleryProps {
  images: string[];
  alt: string;
}

/** Photo gallery: previous/next arrows that wrap, ←/→ keys, a 'n / total' counter and thumbnails. */
export function Gallery({ images, alt }: GalleryProps) {
  const [index, setIndex] = useState(0);
  const total = images.length;
  const current = images[index] ?? images[0];
  const go = (delta: number) => setIndex((i) => wrapIndex(i, delta, total));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  };

  return (
    <div className="gallery" role="region" aria-roledescription="gallery" aria-label={`Photos of ${alt}`} tabIndex={0} onKeyDown={onKeyDown}>
      <div className="gallery-main">
        {/* Phones get the card-size variant (640 px); larger screens the full photo. */}
        <picture>
          <source media={PHONE_MEDIA} srcSet={cardImageUrl(current ?? '')} />
          <img src={current} alt={`${alt}, photo ${index + 1} of ${total}`} width={1280} height={960} fetchPriority="high" />
        </picture>
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
                <img src={cardImageUrl(src)} alt="" width={120} height={90} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
