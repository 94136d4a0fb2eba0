import { lazy, Suspense, useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';

// Parts of a page below its first screen (forms, charts, reviews) in chunks of their own, loaded as the visitor
// nears them. On a page the server drew, React leaves such a part as the server drew it (a dehydrated Suspense
// boundary: seen, its links working) and takes it over once its module is here, which is asked for only when the
// part comes within DEFERRED_MARGIN of the viewport: the first load carries neither its code nor its hydration.
// Drawn by the browser itself (a signed-in visitor, a later navigation), the part loads at once.
// A deferred part's styles must come with the page that uses it: its own chunk's would arrive only with it.
// A form deferred so must take what the visitor typed into the server's drawing as its state once hydrated
// (lib/typed-before-hydration.ts): React keeps the typed text in the element, not in the form's state.

/** How close to the viewport a part the server drew must come for its module to load. */
export const DEFERRED_MARGIN = '300px';

const MARKER_ATTRIBUTE = 'data-deferred';

type Module<P> = { default: ComponentType<P> };

/** The marker the server drew before the part of React id `id`, if it drew it. */
function markerOf(id: string): Element | null {
  for (const marker of document.querySelectorAll(`template[${MARKER_ATTRIBUTE}]`)) {
    if (marker.getAttribute(MARKER_ATTRIBUTE) === id) return marker;
  }
  return null;
}

/** Every deferred part's loader, for the server (preloadDeferred): it draws them all, so it needs them all at once. */
const loaders = new Set<() => Promise<unknown>>();

/** Loads every deferred part declared so far (the server's build holds them in its one file). */
export async function preloadDeferred(): Promise<void> {
  await Promise.all([...loaders].map((load) => load()));
}

/** The elements of the part the server drew after `marker` (between the comments `<!--$-->` and `<!--/$-->`). */
function boundaryElements(marker: Element): Element[] {
  const elements: Element[] = [];
  let node = marker.nextSibling;
  if (!(node instanceof Comment) || node.data !== '$') return elements;
  for (node = node.nextSibling; node && !(node instanceof Comment && node.data === '/$'); node = node.nextSibling) {
    if (node instanceof Element) elements.push(node);
  }
  return elements;
}

/**
 * The elements the server drew for the part after `marker` (its Suspense boundary: the nodes between the
 * comments `<!--$-->` and `<!--/$-->`), or none when the part is not the server's (drawn by the browser). A part
 * the server drew empty (it shows nothing yet) stands for the next element after it that has a box: it loads
 * when the place where it would show comes near.
 */
function serverDrawnElements(marker: Element): Element[] {
  const elements = boundaryElements(marker);
  const start = marker.nextSibling;
  if (elements.length > 0 || !(start instanceof Comment) || start.data !== '$') return elements;
  let node = start.nextSibling;
  while (node && !(node instanceof Comment && node.data === '/$')) node = node.nextSibling;
  if (!node) return elements;
  // Empty: the next element in the document's order that takes part in the layout.
  for (let after: Node | null = node; after; after = after.parentNode) {
    for (let next = after.nextSibling; next; next = next.nextSibling) {
      if (next instanceof HTMLElement && !(next instanceof HTMLTemplateElement) && !(next instanceof HTMLStyleElement)) return [next];
    }
  }
  return elements;
}

/**
 * Resolves once one of `elements` comes within DEFERRED_MARGIN of the viewport, or the visitor focuses, presses or
 * changes something in them (at once without IntersectionObserver). The interactions are heard on the document, in
 * their capture phase, before React's root: React stops an event aimed at a part it has not hydrated yet from going
 * further, so a listener on the part itself never hears it.
 */
function wanted(elements: Element[]): Promise<void> {
  if (elements.length === 0 || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      for (const type of INTERACTIONS) document.removeEventListener(type, onInteraction, true);
      resolve();
    };
    const onInteraction = (event: Event) => {
      const target = event.target;
      if (target instanceof Node && elements.some((element) => element.contains(target))) done();
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), {
      rootMargin: `${DEFERRED_MARGIN} 0px ${DEFERRED_MARGIN} 0px`,
    });
    for (const element of elements) observer.observe(element);
    for (const type of INTERACTIONS) document.addEventListener(type, onInteraction, true);
  });
}

/**
 * Holds back a form of the server's drawing of a part (`elements`) that would submit itself before React has taken
 * it over: the browser's own submit is a GET of the page with the fields in the address (the visitor's name, e-mail
 * and message in the URL, the server's log and the history). A held submit asks for the part (`want`); `release`,
 * once the part is hydrated, stops holding and makes a held submit again, which React's handler now takes.
 */
function holdSubmits(elements: Element[], want: () => void): () => void {
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !elements.some((element) => element.contains(form))) return;
    event.preventDefault();
    // Not to React's root either: were the part hydrated by now, the submit made again on release would be a second.
    event.stopPropagation();
    held = { form, submitter: event.submitter };
    want();
  };
  document.addEventListener('submit', onSubmit, true);
  return () => {
    document.removeEventListener('submit', onSubmit, true);
    const submit = held;
    held = null;
    if (submit?.form.isConnected) submit.form.requestSubmit(submit.submitter?.isConnected ? submit.submitter : undefined);
  };
}

// A field changed without a focus or a press first (autofill, a script) asks for the part too.
const INTERACTIONS = ['focusin', 'pointerdown', 'input', 'change'] as const;

/** The fallback of a part React draws anew in the browser: asks for the part's module at once. */
function LoadNow({ onMount, children }: { onMount: () => void; children: ReactNode }) {
  useEffect(onMount, [onMount]);
  return children;
}

/**
 * A component whose module `load` brings (a dynamic import with its own chunk name): drawn by the server as
 * usual, hydrated in the browser once it nears the viewport, loaded at once when the browser draws it itself.
 * `fallback` stands in for it while it loads in the browser's own drawing.
 */
export function deferred<P extends object>(load: () => Promise<Module<P>>, fallback: ReactNode = null): ComponentType<P> {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => {
    loading ??= load().then(
      (module) => {
        Loaded = module.default;
        return module.default;
      },
      (error: unknown) => {
        // A chunk that failed to arrive (the visitor went offline) is asked for again the next time the part draws.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  loaders.add(start);

  function Deferred(props: P) {
    const id = useId();
    const [ready, setReady] = useState(false);
    // A change of address (a navigation, a new search) changes the router's contexts, and React holds an update
    // of contexts above a part not yet hydrated until it is: a navigation would wait for the visitor to scroll
    // to the part. So the address changing is a reason to load the part now (asked for in the drawing itself:
    // the update's effects run only once it is done).
    const location = useLocation();
    const firstLocation = useRef(location);
    // Per place, on its first drawing (whether the server drew this place is known then): a lazy component when
    // the module is not here yet, and the part as first drawn. Until the module is here, the part is given that
    // same element again and again, so that React leaves the server's drawing alone instead of drawing it anew
    // (an update of a part not yet hydrated would replace it with its fallback).
    const [first] = useState(() => {
      if (Loaded) return null;
      let requested: () => void = () => undefined;
      let release: () => void = () => undefined;
      const asked = new Promise<void>((resolve) => (requested = resolve));
      const Lazy = lazy(() => {
        const loaded = loadPart();
        // Ready (the element with the current props) once React has the module
        // and has taken the server's drawing over with it: a task after the lazy component resolves.
        void loaded.then(() => setTimeout(() => setReady(true), 0));
        return loaded;
      });
      async function loadPart() {
        const marker = typeof document === 'undefined' ? null : markerOf(id);
        // Near the viewport, or drawn anew by React after all (its fallback is up): the module is needed now.
        if (marker) {
          const elements = serverDrawnElements(marker);
          release = holdSubmits(elements, () => requested());
          await Promise.race([wanted(elements), asked]);
        }
        return { default: await start() };
      }
      const element = (
        <Suspense fallback={<LoadNow onMount={requested}>{fallback}</LoadNow>}>
          <Lazy {...props} />
        </Suspense>
      );
      return { Lazy, element, request: requested, release: () => release() };
    });
    if (first && !ready && location !== firstLocation.current) first.request();
    // Taken over: a form of the part submits as React's (one held meanwhile is made again).
    useEffect(() => {
      if (ready) first?.release();
    }, [ready, first]);
    // The same boundary in every case (the server's drawing has it: hydration must find it).
    const Part = first?.Lazy ?? (Loaded as ComponentType<P>);
    const part = first && !ready ? first.element : (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
    return (
      <>
        {/* Where the server's drawing of this part starts (no box: it does not take part in the layout). */}
        <template {...{ [MARKER_ATTRIBUTE]: id }} />
        {part}
      </>
    );
  }
  return Deferred;
}
