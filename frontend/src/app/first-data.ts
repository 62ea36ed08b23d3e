import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import type { Language } from '@seatkeeper/domain';
import { docsSectionQueryOptions } from '../features/docs/api/get-docs-section';
import { findSection } from '../lib/doc-sections';
import { prefetchDashboard } from '../pages/use-dashboard-loader';
import { appConfig } from '../lib/config';
import { sessionQueryOptions } from '../lib/session';
import type { PagePath } from './pages';

/**
 * What the first page asks the API for before it can show its content, asked for by main.tsx beside the
 * page's code (first-load.ts) rather than once that code has arrived and rendered: the answers are in
 * the cache when the page mounts (same keys and options, fresh for 5 minutes), one round trip less
 * before the page's largest content (Lighthouse LCP). Signed-in pages ask at once when the page came with a
 * session cookie (lib/config.ts `sessionCookie`), beside the session's own call; otherwise they wait for
 * the session, so a signed-out visitor sends nothing that would answer 401.
 */
const firstData: Partial<
  Record<PagePath, (client: QueryClient, pathname: string, language: Language) => void>
> = {
  '/dashboard': (client) => {
    if (appConfig.sessionCookie) {
      prefetchDashboard(client);
      return;
    }
    void client
      .fetchQuery(sessionQueryOptions)
      .then((session) => {
        if (session) prefetchDashboard(client);
      })
      .catch(() => undefined);
  },
  // The section in the address, read as the router reads it (/docs is the introduction); an unknown one
  // fetches nothing.
  '/docs': (client, pathname, language) => {
    const section = findSection(matchPath('/docs/:section?', pathname)?.params.section);
    if (section) void client.prefetchQuery(docsSectionQueryOptions(section.slug, language));
  },
};

export function startFirstData(
  client: QueryClient,
  path: PagePath | undefined,
  pathname: string,
  language: Language,
): void {
  if (path) firstData[path]?.(client, pathname, language);
}
