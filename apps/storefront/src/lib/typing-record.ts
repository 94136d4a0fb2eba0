// What the visitor types or chooses in the page's fields, recorded as they do it. The entry (index.ts) starts
// recording while the page is still only the server's drawing, so that a form hydrated later (lib/deferred.tsx) can
// take it as its state (lib/typed-before-hydration.ts) even where hydration resets the element: React gives a
// <textarea> back the text the server drew. No React here: this module is in the entry's chunk.

const recorded = new WeakMap<Element, string | boolean>();

function record(event: Event): void {
  const control = event.target;
  if (control instanceof HTMLInputElement) {
    if (control.type === 'checkbox') recorded.set(control, control.checked);
    else if (control.type !== 'radio') recorded.set(control, control.value);
    else if (control.checked) recorded.set(control, control.value);
  } else if (control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement) {
    recorded.set(control, control.value);
  }
}

/** Starts recording the values of the fields of `target` as the visitor changes them (input, change). */
export function recordTyping(target: Document = document): void {
  target.addEventListener('input', record, true);
  target.addEventListener('change', record, true);
}

/** The value the visitor last gave `control` (a checkbox: whether checked; a radio button: its value once chosen). */
export function recordedValue(control: Element): string | boolean | undefined {
  return recorded.get(control);
}
