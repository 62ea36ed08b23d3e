import { Box } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { ScrollManager } from './ScrollManager';

/**
 * Every page sits here (docs/product.md#screens): header, the page in <main>, footer. Toasts live in the provider.
 * A Box with flex styles rather than Flex: one component less in the first page's chunk.
 */
export function RootLayout() {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <AppHeader />
      <Box component="main" id="main" flex={1}>
        <Outlet />
      </Box>
      <AppFooter />
      <ScrollManager />
    </Box>
  );
}
