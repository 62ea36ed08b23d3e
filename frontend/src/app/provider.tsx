import './styles';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

/** Toasts (spec §9): top centre, 3 visible, 4 s, 356 px wide. */
export const NOTIFICATIONS = {
  position: 'top-center',
  limit: 3,
  autoClose: 4000,
  containerWidth: 356,
} as const;

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <Notifications {...NOTIFICATIONS} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
