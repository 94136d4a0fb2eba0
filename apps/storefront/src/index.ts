// Base styles in the entry: index.html links them first, so every component and page stylesheet, whichever
// loads first, comes after them in the cascade.
import './fonts/inter.css';
import './styles.css';
import { SERVER_RENDERED_ATTRIBUTE } from '@app/shared';
import { afterLoadAndPaint } from './lib/after-paint';
import { recordTyping } from './lib/typing-record';
import { loaderForPath } from './route-loaders';

function start(): void {
  // The current page's chunk loads in parallel with the app (the router finds it in the module cache).
  loaderForPath(window.location.pathname)().catch(() => undefined);

  // The app in a chunk of its own, loaded only now: a page the server drew waits for nothing of it to be seen.
  import(/* webpackChunkName: "bootstrap" */ './bootstrap').catch((error: unknown) => {
    console.error('Storefront failed to start', error);
    const root = document.getElementById('root');
    if (root) root.textContent = 'The page could not be loaded. Please reload.';
  });
}

// What the visitor types into the server's drawing before the app takes it over is kept (lib/typing-record.ts).
recordTyping();

// A page the server drew needs no script to be seen, and its links work as they are: its photos and styles
// get the network first, and the app's scripts load (the server sent no preloads for them) and take the page
// over once it has loaded and painted (or after 5 s, when a slow photo holds the load back). On a phone's slow
// connection this is what lets the largest photo arrive before some 150 KB of scripts instead of sharing the
// line with them.
if (document.getElementById('root')?.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) afterLoadAndPaint(start);
else start();
