import { Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { PageLoader } from '../components/PageLoader';
import { PreloadLink } from '../components/PreloadLink';
import { UserAvatar } from '../features/auth/components/UserAvatar';
import { signOut, useSession } from '../lib/session';
import { usePageTitle } from '../lib/use-page-title';

/** /profile (docs/product.md#screens): who is signed in, and a sign-out button in the danger zone. */
export default function ProfilePage() {
  usePageTitle('Profile');
  const { data: session, isPending } = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const logout = useMutation({
    mutationFn: () => signOut(client),
    onSuccess: () => navigate('/'),
    onError: (error) => console.error('Sign-out failed', error),
    meta: { silent: true },
  });

  // Also while signing out: the session is dropped just before the way home, so the signed-out
  // prompt below would flash in between.
  if (isPending || (!session && (logout.isPending || logout.isSuccess))) return <PageLoader />;

  if (!session) {
    return (
      <Container size="sm" py="xl">
        <Stack gap="md" align="flex-start">
          <Title order={1}>Profile</Title>
          <Text>Please sign in to view your profile.</Text>
          <Button component={PreloadLink} to="/login?redirect=%2Fprofile">
            login
          </Button>
        </Stack>
      </Container>
    );
  }

  const { user } = session;
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>Profile</Title>
        <Paper withBorder p="lg" radius="md">
          <Group gap="lg" wrap="nowrap" align="flex-start">
            <UserAvatar user={user} size={72} />
            <Stack gap={6} miw={0}>
              <Text fw={700} size="lg" truncate="end">
                {user.name || 'unnamed user'}
              </Text>
              <Text truncate="end">{user.email}</Text>
              {user.emailVerified && (
                <Badge color="teal" variant="light" w="fit-content">
                  Email verified
                </Badge>
              )}
              <Text size="sm" c="gray.8">
                Account ID:{' '}
                <Text span ff="monospace" size="sm">
                  {user.id}
                </Text>
              </Text>
            </Stack>
          </Group>
        </Paper>
        <Paper withBorder p="lg" radius="md" bd="1px solid var(--mantine-color-red-3)">
          <Stack gap="sm" align="flex-start">
            <Title order={2} fz="lg" c="red.9">
              Danger Zone
            </Title>
            <Text size="sm">Sign out of this browser. You can sign in again at any time.</Text>
            <Button color="red" loading={logout.isPending} onClick={() => logout.mutate()}>
              Sign Out
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
