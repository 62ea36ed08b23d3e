import '../styles/shell';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../lib/query-client';
import { configureNotificationsStore, DeferredNotifications } from './DeferredNotifications';
import { cssVariablesResolver, themeIn } from './theme';

/** Toasts (docs/product.md#constants): top centre, 3 visible, 4 s, 356 px wide. */
export const NOTIFICATIONS = {
  position: 'top-center',
  limit: 3,
  autoClose: 4000,
  containerWidth: 356,
} as const;

configureNotificationsStore(NOTIFICATIONS);

export function AppProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const closeLabel = t('closeDialog');
  const closeNotificationLabel = t('closeNotification');
  const theme = useMemo(
    () => themeIn(closeLabel, closeNotificationLabel),
    [closeLabel, closeNotificationLabel],
  );
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <DeferredNotifications {...NOTIFICATIONS} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
