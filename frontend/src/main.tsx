import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { AppRoutes, loadPageFor } from './app/router';
import { i18nReady } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { sessionQueryOptions } from './lib/session';

// Ask for the session while the first page's code is still loading.
void queryClient.prefetchQuery(sessionQueryOptions);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

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

// The shell's catalogue and the first page's code, fetched side by side (the page's own catalogues
// follow once the language is settled: see router.tsx lazyPage), then one render of layout and page
// together (a failed chunk renders anyway and shows the error screen). lib/i18n has set <html lang>.
void Promise.all([
  i18nReady.catch(() => undefined),
  loadPageFor(window.location.pathname).catch(() => undefined),
]).then(render);
