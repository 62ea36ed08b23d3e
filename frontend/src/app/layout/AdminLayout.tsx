import { Box, Burger, Drawer, Group, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader';
import { PreloadLink } from '../../components/PreloadLink';
import { NO_ROLES, useSession } from '../../lib/session';
import { adminNavFor, currentAdminItem, type AdminNavGroup } from './admin-nav';
// The back office's pages load Mantine's whole sheet; the layout (Drawer, NavLink, Burger) too.
import '../../styles/full';

/** The grouped links, drawn in the sidebar (wide screens) and in the drawer (phones). */
function AdminNav({
  id,
  groups,
  current,
  onNavigate,
}: {
  /** Prefix for the group headings' ids (the list is drawn twice). */
  id: string;
  groups: readonly AdminNavGroup[];
  current: string | undefined;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack component="nav" aria-label={t('adminNav.title')} gap="md">
      {groups.map((group) => {
        const headingId = `${id}-${group.key}`;
        return (
          <div key={group.key}>
            <Text id={headingId} size="xs" fw={700} c="gray.7" tt="uppercase" mb={4} px="sm">
              {t(`adminNav.groups.${group.key}`)}
            </Text>
            <Stack
              component="ul"
              aria-labelledby={headingId}
              gap={2}
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
            >
              {group.items.map((item) => {
                const active = item.key === current;
                return (
                  <li key={item.key}>
                    {/* PreloadLink: the page's code starts loading on hover or focus. */}
                    <NavLink
                      component={PreloadLink}
                      to={item.to}
                      label={t(`adminNav.items.${item.key}`)}
                      active={active}
                      aria-current={active ? 'page' : undefined}
                      onClick={onNavigate}
                      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                    />
                  </li>
                );
              })}
            </Stack>
          </div>
        );
      })}
    </Stack>
  );
}

/**
 * Around every back-office page (docs/product.md#screens, back office): the grouped navigation as a
 * sidebar from the md breakpoint on, and on narrower screens as a drawer opened by a named burger
 * button (it closes on navigation and on Escape and gives the focus back to the button). The
 * customer's header stays above. Without a back-office role it shows the page alone: the role guard
 * inside sends the visitor away.
 */
export default function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data } = useSession();
  const [drawerOpen, drawer] = useDisclosure(false);
  const groups = adminNavFor(data?.roles ?? NO_ROLES);
  const current = currentAdminItem(pathname)?.key;

  // A navigation from anywhere (a link in the page, back and forward) closes the drawer.
  useEffect(() => {
    drawer.close();
  }, [pathname]);

  const page = (
    <Box id="admin-page">
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </Box>
  );
  if (groups.length === 0) return page;

  return (
    <Box style={{ display: 'flex', alignItems: 'stretch' }}>
      <Box
        component="aside"
        id="admin-sidebar"
        visibleFrom="md"
        w={232}
        py="lg"
        px="sm"
        bg="gray.0"
        style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Box style={{ position: 'sticky', top: 'var(--mantine-spacing-md)' }}>
          <AdminNav id="admin-nav" groups={groups} current={current} />
        </Box>
      </Box>
      <Box flex={1} miw={0}>
        <Box
          id="admin-menu-bar"
          hiddenFrom="md"
          px="md"
          py={6}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          <UnstyledButton
            onClick={drawer.open}
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            py={6}
          >
            <Group gap="sm" wrap="nowrap">
              <Burger component="span" opened={drawerOpen} size="sm" aria-hidden />
              <Text fw={600}>{t('adminNav.menu')}</Text>
              {current && (
                <Text c="gray.7" size="sm" truncate aria-hidden>
                  · {t(`adminNav.items.${current}`)}
                </Text>
              )}
            </Group>
          </UnstyledButton>
          <Drawer
            opened={drawerOpen}
            onClose={drawer.close}
            title={t('adminNav.title')}
            size={300}
            padding="md"
          >
            <AdminNav
              id="admin-nav-drawer"
              groups={groups}
              current={current}
              onNavigate={drawer.close}
            />
          </Drawer>
        </Box>
        {/* Where "skip to main content" lands (SkipLink): the page, past the sidebar's links. */}
        <Box data-skip-target tabIndex={-1} style={{ outline: 'none' }}>
          {page}
        </Box>
      </Box>
    </Box>
  );
}
