import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render as rtlRender, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { cssVariablesResolver, themeIn } from '../app/theme';

export interface AppRenderOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Initial URL of the in-memory router. */
  route?: string;
  /** Route pattern the UI is mounted at (so useParams works); other paths render their path as text. */
  path?: string;
  queryClient?: QueryClient;
}

/** A query client for tests: no retries, nothing kept between tests. */
export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}

/** Shows where a navigation went: rendered for every path other than the one under test. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** Mantine (test env: no transitions, no portals), toasts and react-query, without a router. */
export function Providers({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const closeLabel = t('closeDialog');
  const closeNotificationLabel = t('closeNotification');
  const theme = useMemo(
    () => themeIn(closeLabel, closeNotificationLabel),
    [closeLabel, closeNotificationLabel],
  );
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * Renders UI inside the app's providers: Mantine (test env: no transitions, no portals), react-query
 * and an in-memory router. Returns Testing Library's result plus a user-event instance.
 */
export function render(ui: ReactElement, options: AppRenderOptions = {}) {
  const { route = '/', path, queryClient = createTestQueryClient(), ...rest } = options;
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Providers queryClient={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          {path ? (
            <Routes>
              <Route path={path} element={children} />
              <Route path="*" element={<LocationProbe />} />
            </Routes>
          ) : (
            children
          )}
        </MemoryRouter>
      </Providers>
    );
  }
  return { user: userEvent.setup(), queryClient, ...rtlRender(ui, { wrapper: Wrapper, ...rest }) };
}

export * from '@testing-library/react';
