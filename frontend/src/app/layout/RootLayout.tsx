import { Box, Flex } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { ScrollManager } from './ScrollManager';

/** Every page sits here (spec §2): header, the page in <main>, footer. Toasts live in the provider. */
export function RootLayout() {
  return (
    <Flex direction="column" mih="100vh">
      <AppHeader />
      <Box component="main" id="main" flex={1}>
        <Outlet />
      </Box>
      <AppFooter />
      <ScrollManager />
    </Flex>
  );
}
