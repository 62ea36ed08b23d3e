import { useState, type ReactNode } from 'react';
import {
  UNSAFE_createBrowserHistory,
  unstable_HistoryRouter as HistoryRouter,
} from 'react-router-dom';
import { guardHistory } from '../lib/navigation-guard';

/**
 * The app's router: BrowserRouter's, on a history that asks before leaving unsaved work
 * (lib/navigation-guard.ts, docs/architecture.md "Routing").
 */
export function GuardedBrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() =>
    guardHistory(UNSAFE_createBrowserHistory({ window, v5Compat: true })),
  );
  return <HistoryRouter history={history}>{children}</HistoryRouter>;
}
