import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { startFirstLoad } from './app/first-load';
import { AppProvider } from './app/provider';
import { AppRoutes, loadPageFor } from './app/router';
import { i18nReady } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { sessionQueryOptions } from './lib/session';

// Ask for the session while the first page's code is still loading.
void queryClient.prefetchQuery(sessionQueryOptions);

// The first page's code, catalogues and API calls, asked for at once, in parallel with the shell's
// catalogues, instead of one after the other (app/first-load.ts).
startFirstLoad(window.location.pathname, queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// One plain render once everything it needs is loaded (below), so nothing suspends. (A first render
// inside startTransition was tried for total blocking time; the only measured pair, on a loaded machine,
// was worse on the console, so it was taken back until a quiet pair says otherwise.)
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProvider>
    </StrictMode>,
  );

// The shell's catalogues and the first page's code and catalogues (see first-load.ts), then one render
// of layout and page together (a failed chunk renders anyway and shows the error screen). lib/i18n has
// set <html lang>. (Rendering the shell first, with a screen-tall loader for the page, was measured in
// back-to-back Lighthouse pairs on a quiet machine: no earlier first paint, console 84 against 84.)
void Promise.all([
  i18nReady.catch(() => undefined),
  loadPageFor(window.location.pathname).catch(() => undefined),
]).then(render);
