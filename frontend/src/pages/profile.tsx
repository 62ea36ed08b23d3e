import { Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isAwaitingEmail } from '../components/AwaitingEmailNotice';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { PageLoader } from '../components/PageLoader';
import { PreloadLink } from '../components/PreloadLink';
import {
  DataSection,
  DeleteAccountControl,
  SessionsSection,
} from '../features/account/components/AccountSections';
import { UserAvatar } from '../features/auth/components/UserAvatar';
import { WaysInSection } from '../features/auth/components/WaysInSection';
import { notifySuccess } from '../lib/notify';
import { signOut, useSession } from '../lib/session';
import { usePageTitle } from '../lib/use-page-title';

/** The page's catalogues (profile.json; login.json for the e-mail code form of the ways in), loaded with its code. */
export const namespaces = ['profile', 'login'];

/** The interface's language, for everyone (signed in or not): the same switch as the header's. */
function LanguageSection() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="lg">
          {t('common:language.label')}
        </Title>
        <Text size="sm">{t('common:language.hint')}</Text>
        <LanguageSwitch variant="full" label={t('common:language.label')} />
      </Stack>
    </Paper>
  );
}

/**
 * /profile (docs/product.md#screens): who is signed in, the language, the signed-in devices, a copy of
 * one's data, and in the danger zone sign-out and deleting the account (docs/rules.md, "The customer's
 * account").
 */
export default function ProfilePage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('title'));
  const { data: session, isPending } = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const logout = useMutation({
    mutationFn: () => signOut(client),
    onSuccess: () => navigate('/'),
    onError: (error) => console.error('Sign-out failed', error),
    meta: { silent: true },
  });

  const [deleted, setDeleted] = useState(false);

  // Also while signing out (or once deleted): the session is dropped just before the way home, so the
  // signed-out prompt below would flash in between.
  if (isPending || (!session && (logout.isPending || logout.isSuccess || deleted)))
    return <PageLoader />;

  if (!session) {
    return (
      <Container size="sm" py="xl">
        <Stack gap="md" align="flex-start">
          <Title order={1}>{t('title')}</Title>
          <Text>{t('signedOut')}</Text>
          <Button component={PreloadLink} to="/login?redirect=%2Fprofile">
            {t('login')}
          </Button>
          <LanguageSection />
        </Stack>
      </Container>
    );
  }

  const { user } = session;
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <Paper withBorder p="lg" radius="md">
          <Group gap="lg" wrap="nowrap" align="flex-start">
            <UserAvatar user={user} size={72} />
            <Stack gap={6} miw={0}>
              <Text fw={700} size="lg" truncate="end">
                {user.name || t('unnamed')}
              </Text>
              <Text truncate="end">
                {isAwaitingEmail(user.email) ? t('waysIn.email.none') : user.email}
              </Text>
              {user.emailVerified && (
                <Badge color="teal" variant="light" w="fit-content">
                  {t('emailVerified')}
                </Badge>
              )}
              <Text size="sm" c="gray.8">
                {t('accountId')}{' '}
                <Text span ff="monospace" size="sm">
                  {user.id}
                </Text>
              </Text>
            </Stack>
          </Group>
        </Paper>
        <WaysInSection />
        <LanguageSection />
        <SessionsSection />
        <DataSection />
        <Paper withBorder p="lg" radius="md" bd="1px solid var(--mantine-color-red-3)">
          <Stack gap="sm" align="flex-start">
            <Title order={2} fz="lg" c="red.9">
              {t('dangerZone')}
            </Title>
            <Text size="sm">{t('signOutText')}</Text>
            <Button color="red" loading={logout.isPending} onClick={() => logout.mutate()}>
              {t('signOut')}
            </Button>
            <DeleteAccountControl
              email={user.email}
              onDeleted={() => {
                setDeleted(true);
                notifySuccess(t('delete.done'));
                navigate('/');
              }}
            />
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
