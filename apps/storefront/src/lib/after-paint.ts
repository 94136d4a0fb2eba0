/**
 * Runs `run` once the browser has painted the page as it is now (the task after the next frame's paint), or
 * after 100 ms when no frame comes (a hidden tab paints nothing).
 */
export function afterPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  const timer = setTimeout(once, 100);
  requestAnimationFrame(() =>
    setTimeout(() => {
      clearTimeout(timer);
      once();
    }, 0),
  );
}

/** Runs `run` after the page's load event (its stylesheets, fonts and photos are in) and the paint after it. */
export function afterLoadAndPaint(run: () => void): void {
  if (document.readyState === 'complete') afterPaint(run);
  else window.addEventListener('load', () => afterPaint(run), { once: true });
}
