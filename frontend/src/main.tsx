import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { queryClient } from './lib/query-client';
import { sessionQueryOptions } from './lib/session';

// Ask for the session while the first page's code is still loading.
void queryClient.prefetchQuery(sessionQueryOptions);

const router = createRouter();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
