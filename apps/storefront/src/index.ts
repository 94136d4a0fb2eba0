// Base styles in the entry: index.html links them first, so every component and page stylesheet, whichever
// loads first, comes after them in the cascade.
import './fonts/inter.css';
import './styles.css';
import { loaderForPath } from './route-loaders';

// The current page's chunk loads in parallel with the app (the router finds it in the module cache).
loaderForPath(window.location.pathname)().catch(() => undefined);

// Async boundary: the federation runtime initialises the shared React scope before any app code
// imports React.
import(/* webpackChunkName: "bootstrap" */ './bootstrap').catch((error: unknown) => {
  console.error('Storefront failed to start', error);
  const root = document.getElementById('root');
  if (root) root.textContent = 'The page could not be loaded. Please reload.';
});
