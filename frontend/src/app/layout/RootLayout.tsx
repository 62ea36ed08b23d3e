import { Box } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { ScrollManager } from './ScrollManager';
import { SkipLink } from './SkipLink';

/**
 * Every page sits here (docs/product.md#screens): a skip link, header, the page in <main>, footer. Toasts live
 * in the provider.
 * A Box with flex styles rather than Flex: one component less in the first page's chunk.
 */
export function RootLayout() {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SkipLink targetId="main" />
      <AppHeader />
      {/* tabIndex -1: the skip link moves the focus here; no ring around the whole page for it. */}
      <Box component="main" id="main" flex={1} tabIndex={-1} style={{ outline: 'none' }}>
        <Outlet />
      </Box>
      <AppFooter />
      <ScrollManager />
    </Box>
  );
}
