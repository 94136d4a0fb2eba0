import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SERVER_RENDERED_ATTRIBUTE } from '@app/shared';
import { App, loadRouteModules } from './App';
import { takeFirstView } from './api/first-view';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App firstView={takeFirstView()} />
  </StrictMode>
);

if (container.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) {
  // The server drew this page (server-render.tsx) and it is on screen already (index.ts waited for its paint).
  // React takes it over once the page's module is here, as a transition: hydration then runs in slices that
  // leave the main thread to the visitor's taps and scrolls instead of one long task.
  // A page module that fails to load leaves its route lazy: React then draws the page anew, as without the server.
  void loadRouteModules(window.location.pathname)
    .catch(() => undefined)
    .then(() =>
      startTransition(() => {
        hydrateRoot(container, app, {
          // Markup that differs from the browser's own drawing is drawn again by the browser; say so, quietly.
          onRecoverableError: (error) => console.warn('Hydration:', error),
        });
      }),
    );
} else {
  createRoot(container).render(app);
}

