// First: the handheld listeners start before anything else is evaluated (app/handheld-start.ts).
import './app/handheld-start';
import './app/claims-source';
import './app/device-session-source';
import './app/first-screen-styles';
import './i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter, startAppRouter } from './app/router';
import { startPwa } from './pwa/start-pwa';

startPwa();
const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');
// The start-up note of index.html goes once React has put the first screen (or its loading spinner) into #root.
const boot = document.getElementById('boot');
if (boot) {
  new MutationObserver((_, observer) => {
    if (root.childElementCount === 0) return;
    observer.disconnect();
    boot.remove();
  }).observe(root, { childList: true });
}
// Evaluating the entry is one long task on a slow handheld; the router's start (the first screen's loaders and
// the import of its code) follows in a task of its own, so input is heard between the two.
setTimeout(() => {
  const router = startAppRouter();
  // As a transition, React renders the first screen in slices and lets the browser handle input (and a scan's
  // keys) in between, instead of one long task on a slow handheld.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <AppRouter router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}, 0);
