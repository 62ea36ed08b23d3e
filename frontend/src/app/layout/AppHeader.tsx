import { Anchor, Box, Button, Container, Group, UnstyledButton } from '@mantine/core';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { PreloadLink } from '../../components/PreloadLink';
import { UserAvatar } from '../../features/auth/components/UserAvatar';
import { appConfig, isSitePath } from '../../lib/config';
import { lazyOnIntent } from '../../lib/preload';
import { useSession, type Session } from '../../lib/session';

// The menu (Mantine Menu and floating-ui, ~25 kB gzip) loads when the user reaches for it, not
// with every signed-in page: on the console it competed with the page's own code and data before the
// page's content was shown (Lighthouse mobile).
const { Component: UserMenuContainer, intent } = lazyOnIntent(() =>
  import('../../features/auth/components/UserMenuContainer').then((m) => m.UserMenuContainer),
);

const isActive = (pathname: string, to: string) =>
  to === '/' ? pathname === '/' : pathname.startsWith(to);

function NavItem({
  to,
  children,
  visibleFrom,
}: {
  to: string;
  children: ReactNode;
  /** Hidden on narrower screens (the header must fit a 360 px phone). */
  visibleFrom?: 'xs';
}) {
  const { pathname } = useLocation();
  const active = isActive(pathname, to);
  return (
    <Anchor
      component={PreloadLink}
      to={to}
      size="sm"
      fw={active ? 700 : 500}
      c={active ? 'blue.8' : 'gray.9'}
      aria-current={active ? 'page' : undefined}
      visibleFrom={visibleFrom}
    >
      {children}
    </Anchor>
  );
}

/**
 * The avatar before the menu's code has loaded: a button that loads the menu on hover, focus or touch
 * and opens it on click.
 */
function AvatarButton({
  session,
  onOpen,
}: {
  session: Session;
  /** The button was clicked: show the menu, opened. */
  onOpen?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      aria-label={t('userMenu.open')}
      aria-haspopup="menu"
      aria-expanded={false}
      display="block"
      bdrs="xl"
      {...intent}
      onClick={onOpen}
    >
      <UserAvatar user={session.user} />
    </UnstyledButton>
  );
}

/** The avatar, and the user menu from its first click on (opened, with the focus on its button). */
function UserMenuSlot({ session }: { session: Session }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return <AvatarButton session={session} onOpen={() => setWanted(true)} />;
  return (
    <Suspense fallback={<AvatarButton session={session} />}>
      <UserMenuContainer session={session} opened />
    </Suspense>
  );
}

/** The signed-in user's menu, a login link, or (while the session loads) a same-size blank. */
function SessionArea() {
  const { t } = useTranslation();
  const { data, isPending } = useSession();
  if (isPending) return <Box w={38} h={38} aria-hidden />;
  if (data) return <UserMenuSlot session={data} />;
  return (
    <Button component={PreloadLink} to="/login" variant="default" size="xs" miw="fit-content">
      {t('nav.login')}
    </Button>
  );
}

/**
 * Header (docs/product.md#screens shared layout): lowercase brand, home / docs / pricing / console, then the
 * language switch and the user menu.
 */
export function AppHeader() {
  const { t } = useTranslation();
  return (
    <Box
      component="header"
      bg="white"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      {/* Tight spacing so that brand, three links, the language switch and login fit 360 px whatever
          the fonts (Chinese fonts make the switch's 中文 wider than a fallback box). */}
      <Container size="lg" h={60} px={{ base: 'xs', sm: 'md' }}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={8} wrap="nowrap">
            <Anchor
              component={PreloadLink}
              to="/"
              fw={800}
              fz={{ base: 'md', sm: 'lg' }}
              c="gray.9"
              underline="never"
            >
              {appConfig.brandName.toLowerCase()}
            </Anchor>
            <Group component="nav" aria-label={t('nav.main')} gap={8} wrap="nowrap">
              {/* On a phone the brand is the way home: four items and the login do not fit 360 px. */}
              <NavItem to="/" visibleFrom="xs">
                {t('nav.home')}
              </NavItem>
              {/* The docs are part of this site: same tab; a DOCS_URL elsewhere opens in a new tab. */}
              {isSitePath(appConfig.docsUrl) ? (
                <NavItem to={appConfig.docsUrl}>{t('nav.docs')}</NavItem>
              ) : (
                <Anchor
                  href={appConfig.docsUrl}
                  target="_blank"
                  rel="noopener"
                  size="sm"
                  fw={500}
                  c="gray.9"
                >
                  {t('nav.docs')}
                </Anchor>
              )}
              <NavItem to="/pricing">{t('nav.pricing')}</NavItem>
              <NavItem to="/dashboard">{t('nav.console')}</NavItem>
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitch />
            <SessionArea />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
