import { useEffect, useState } from 'react';
import { StarIcon } from '../../components/icons';
import { REVIEWS } from './reviews';
import { useMediaQuery } from '../../hooks/use-media-query';

export const REVIEW_INTERVAL_MS = 4000;
const VISIBLE = 3;

/**
 * Three reviews at a time (one on phones), moving on by one every 4 s and wrapping; pausable. A visitor who asks
 * for less motion (prefers-reduced-motion) finds it paused, and may play it.
 */
export function ReviewStrip() {
  const [start, setStart] = useState(0);
  const lessMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  // Until the visitor presses Pause or Play, it moves unless they asked for less motion.
  const [chosen, setPaused] = useState<boolean | null>(null);
  const paused = chosen ?? lessMotion;
  const [hovered, setHovered] = useState(false);

  useEffect(() => {
    if (paused || hovered) return;
    const timer = window.setInterval(() => setStart((i) => (i + 1) % REVIEWS.length), REVIEW_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, hovered]);

  const shown = Array.from({ length: VISIBLE }, (_, k) => REVIEWS[(start + k) % REVIEWS.length]!);
  return (
    <div
      className="review-strip"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <ul className="review-list" aria-live={paused ? 'polite' : 'off'}>
        {shown.map((review, k) => (
          <li key={`${review.name}-${k}`} className="review-card">
            <div className="review-head">
              <span className="review-initial" style={{ background: review.color }} aria-hidden="true">
                {review.name.charAt(0)}
              </span>
              <div>
                <p className="review-name">{review.name}</p>
                <p className="review-when">{review.when}</p>
              </div>
            </div>
            <p className="review-stars">
              <span className="visually-hidden">Rated 5 out of 5</span>
              {Array.from({ length: 5 }, (_, i) => (
                <StarIcon key={i} size={16} />
              ))}
            </p>
            <p className="review-text">{review.text}</p>
          </li>
        ))}
      </ul>
      <div className="review-controls">
        <span className="review-position">
          {start + 1} / {REVIEWS.length}
        </span>
        <button type="button" className="btn btn-outline" onClick={() => setPaused(!paused)} aria-pressed={paused}>
          {paused ? 'Play reviews' : 'Pause reviews'}
        </button>
      </div>
    </div>
  );
}
