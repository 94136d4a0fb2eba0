import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { vehicleTitle, formatPrice } from '@app/shared';
import { useRecentVehicles, usePublicConfigQuery } from '../../api/queries';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { CoverPhoto } from '../../components/ListingPhoto';
import { coverImage } from '../../lib/vehicle';
import './slideshow.css';

export const MAX_SLIDES = 20;
export const SLIDE_INTERVAL_MS = 4000;

/** Opens the public search page in a new tab (the slideshow lives in other sites' frames). */
function openSearch(): void {
  window.open(`${window.location.origin}/search`, '_blank', 'noopener');
}

/**
 * /iframe-slideshow: recent listings with photos (up to 20), one every 4 s, arrows and dots when there
 * are several; any click opens the search page in a new tab. No site header or footer.
 */
export default function SlideshowPage() {
  useDocumentMeta('Latest Vehicles', 'The latest vehicles for sale.');
  const recent = useRecentVehicles();
  const siteName = usePublicConfigQuery()?.siteName ?? '';
  const slides = useMemo(() => (recent.data ?? []).filter((v) => coverImage(v) !== null).slice(0, MAX_SLIDES), [recent.data]);
  const [index, setIndex] = useState(0);
  const count = slides.length;
  const current = count > 0 ? index % count : 0;

  useEffect(() => {
    if (count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [count, index]);

  const step = (delta: number) => (event: MouseEvent) => {
    event.stopPropagation();
    setIndex((i) => (((i + delta) % count) + count) % count);
  };

  if (recent.isPending) {
    return (
      <div className="slideshow slideshow-center" role="status">
        <div className="spinner" aria-hidden="true" />
        <span className="visually-hidden">Loading vehicles…</span>
      </div>
    );
  }

  if (count === 0) {
    return (
      <button type="button" className="slideshow slideshow-empty" onClick={openSearch}>
        <span className="slideshow-brand">{siteName}</span>
        <span className="slideshow-empty-title">Browse quality used and luxury vehicles</span>
        <span className="btn btn-primary">Browse Vehicles</span>
      </button>
    );
  }

  return (
    <div className="slideshow" onClick={openSearch} role="region" aria-roledescription="carousel" aria-label="Latest vehicles">
      {slides.map((vehicle, i) => (
        <figure key={vehicle.id} className={`slide${i === current ? ' is-active' : ''}`} aria-hidden={i !== current}>
          <CoverPhoto
            vehicle={vehicle}
            sizes="100vw"
            alt={vehicleTitle(vehicle)}
            width={640}
            height={480}
            loading={i === current || i === (current + 1) % count ? 'eager' : 'lazy'}
          />
          <figcaption className="slide-caption">
            <span className="slide-title">{vehicleTitle(vehicle)}</span>
            <span className="slide-price">{formatPrice(vehicle.price)}</span>
          </figcaption>
        </figure>
      ))}
      <p className="visually-hidden" aria-live="polite">
        Slide {current + 1} of {count}
      </p>
      {count > 1 ? (
        <>
          <button type="button" className="slide-arrow slide-prev" onClick={step(-1)} aria-label="Previous vehicle">
            <ChevronLeftIcon size={24} />
          </button>
          <button type="button" className="slide-arrow slide-next" onClick={step(1)} aria-label="Next vehicle">
            <ChevronRightIcon size={24} />
          </button>
          <span className="slide-count" aria-hidden="true">
            {current + 1} / {count}
          </span>
          <div className="slide-dots">
            {slides.map((vehicle, i) => (
              <button
                key={vehicle.id}
                type="button"
                className={`slide-dot${i === current ? ' is-active' : ''}`}
                aria-label={`Show vehicle ${i + 1} of ${count}`}
                aria-current={i === current}
                onClick={(event) => {
                  event.stopPropagation();
                  setIndex(i);
                }}
              />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
