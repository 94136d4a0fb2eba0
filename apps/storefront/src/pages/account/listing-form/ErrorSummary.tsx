import { useEffect, useRef } from 'react';

export interface SummaryError {
  /** The id of the field's input (the link's target). */
  target: string;
  label: string;
  message: string;
}

/**
 * The problems of a failed publish at the top of the form, each a link that moves focus to its field (the
 * GOV.UK error summary). Focus moves to the summary each time a submit fails (`attempt` changes), so a
 * screen-reader or keyboard user hears how many problems there are and where.
 */
export function ErrorSummary({ errors, attempt }: { errors: SummaryError[]; attempt: number }) {
  const box = useRef<HTMLDivElement>(null);
  const shown = errors.length > 0;
  useEffect(() => {
    if (shown && attempt > 0) box.current?.focus();
    // Only a new failed attempt takes focus, not each correction.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, shown]);
  if (!shown) return null;
  // In the order of the fields on the page (the fields are drawn already when a publish fails).
  const byPosition = (a: SummaryError, b: SummaryError) => {
    const [x, y] = [document.getElementById(a.target), document.getElementById(b.target)];
    if (!x || !y) return x ? -1 : y ? 1 : 0;
    return x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  };
  return (
    <div ref={box} className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1}>
      <h2 id="error-summary-title">
        {errors.length === 1 ? 'There is a problem' : `There are ${errors.length} problems`} to fix before publishing
      </h2>
      <ul>
        {[...errors].sort(byPosition).map((e) => (
          <li key={e.target}>
            <a
              href={`#${e.target}`}
              onClick={(event) => {
                const field = document.getElementById(e.target);
                if (!field) return;
                event.preventDefault();
                field.scrollIntoView?.({ block: 'center' });
                field.focus({ preventScroll: true });
              }}
            >
              {e.label}: {e.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
