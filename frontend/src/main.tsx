import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { startFirstLoad } from './app/first-load';
import { GuardedBrowserRouter } from './app/GuardedRouter';
import { AppProvider } from './app/provider';
import { AppRoutes, loadPageFor } from './app/router';
import { i18nReady } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { startSession } from './lib/session';

// The session, while the first page's code is still loading (none asked for without a session cookie).
startSession(queryClient);

// The first page's code, catalogues and API calls, asked for at once, in parallel with the shell's
// catalogues, instead of one after the other (app/first-load.ts).
startFirstLoad(window.location.pathname, queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// One render once everything it needs is loaded (below), so nothing suspends, inside a transition: React
// then renders the first page in slices of a few milliseconds instead of one task of 100-150 ms on a
// desktop (four times that on a phone), which Lighthouse counts as blocking time. Back-to-back pairs,
// mobile, median of 3 (27 November 2026): total blocking time 66 against 215 ms on home, 95 against 481
// on the docs, 176 against 414 on the console. (Tried before on a loaded machine and taken back after a
// single pair; the first chunks of the page's code were then many more.)
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <GuardedBrowserRouter>
            <AppRoutes />
          </GuardedBrowserRouter>
        </AppProvider>
      </StrictMode>,
    ),
  );

// The shell's catalogues and the first page's code and catalogues (see first-load.ts), then one render
// of layout and page together (a failed chunk renders anyway and shows the error screen). lib/i18n has
// set <html lang>. (Rendering the shell first, with a screen-tall loader for the page, was measured in
// back-to-back Lighthouse pairs on a quiet machine: no earlier first paint, console 84 against 84.)
void Promise.all([
  i18nReady.catch(() => undefined),
  loadPageFor(window.location.pathname).catch(() => undefined),
]).then(render);
