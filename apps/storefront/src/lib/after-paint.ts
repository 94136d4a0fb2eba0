/**
 * Runs `run` once the browser has painted the page as it is now (the task after the next frame's paint), or
 * after 100 ms when no frame comes (a hidden tab paints nothing).
 */
export function afterPaint(run: () => void): void {
  const once = onlyOnce(run);
  const timer = setTimeout(once, 100);
  requestAnimationFrame(() =>
    setTimeout(() => {
      clearTimeout(timer);
      once();
    }, 0),
  );
}

/**
 * Runs `run` after the page's load event (its stylesheets, fonts and photos are in) and the paint after it, or
 * after `waitAtMostMs` when a slow photo holds the load event back: the page must not wait on it to answer taps.
 */
export function afterLoadAndPaint(run: () => void, waitAtMostMs = 5000): void {
  const once = onlyOnce(run);
  if (document.readyState === 'complete') {
    afterPaint(once);
    return;
  }
  window.addEventListener('load', () => afterPaint(once), { once: true });
  setTimeout(once, waitAtMostMs);
}

/** `run`, called the first time only (the paint and the deadline race to start it). */
function onlyOnce(run: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    run();
  };
}
