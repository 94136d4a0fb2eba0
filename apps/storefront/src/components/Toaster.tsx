import { useEffect } from 'react';
import { toastSelectors, useToastStore } from '../stores/toast';
import { CloseIcon } from './icons';
import './Toaster.css';

/** Shows the one current toast for its duration (5 s by default); a newer toast replaces it. */
export function Toaster() {
  const current = useToastStore(toastSelectors.current);
  const dismiss = useToastStore(toastSelectors.dismiss);

  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(() => dismiss(current.id), current.duration);
    return () => window.clearTimeout(timer);
  }, [current, dismiss]);

  return (
    <div className="toaster" aria-live="polite" role="status">
      {current ? (
        <div key={current.id} className={`toast toast-${current.variant}`}>
          <div className="toast-text">
            <p className="toast-title">{current.title}</p>
            {current.description ? <p className="toast-description">{current.description}</p> : null}
          </div>
          <button type="button" className="toast-close" onClick={() => dismiss(current.id)} aria-label="Dismiss notification">
            <CloseIcon size={16} />
          </button>
        </div>
      ) : null}
    </div>
  );
}
