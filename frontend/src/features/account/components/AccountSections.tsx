import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { lazyOnIntent } from '../../../lib/preload';
import { revokeOtherSessions } from '../../../lib/session';
import { accountSessionsKey, downloadMyData, useAccountSessions } from '../api/account';
import { deviceLabel } from '../device-label';

const { Component: DeleteAccountDialog, intent } = lazyOnIntent(() =>
  import('./DeleteAccountDialog').then((m) => m.default),
);

/** The devices signed in to the account, and "sign out everywhere else". */
export function SessionsSection() {
  const { t } = useTranslation('profile');
  const client = useQueryClient();
  const sessions = useAccountSessions();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  const revoke = useMutation({
    mutationFn: () => revokeOtherSessions(client),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: accountSessionsKey });
      notifySuccess(t('sessions.revoked'));
    },
  });
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="sessions-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="sessions-title">
          {t('sessions.title')}
        </Title>
        <Text size="sm">{t('sessions.hint')}</Text>
        {sessions.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('sessions.loading')}</Text>
          </Group>
        ) : sessions.isError ? (
          <Text size="sm" c="red.9" role="alert">
            {t('sessions.failed')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {sessions.data.map((s) => (
              <Paper key={s.id} component="li" withBorder p="sm" radius="sm">
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Stack gap={2} miw={0}>
                    <Text fw={600} size="sm">
                      {deviceLabel(s.device, t)}
                    </Text>
                    <Text size="xs" c="gray.8">
                      {s.current
                        ? t('sessions.activeNow')
                        : t('sessions.lastSeen', { time: formatDateTime(s.lastSeenAt) })}
                      {' · '}
                      {t('sessions.signedIn', { time: formatDateTime(s.createdAt) })}
                    </Text>
                  </Stack>
                  {s.current && (
                    <Badge variant="light" color="blue">
                      {t('sessions.current')}
                    </Badge>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        {sessions.isSuccess && others === 0 ? (
          <Text size="sm" c="gray.8">
            {t('sessions.onlyThis')}
          </Text>
        ) : (
          <Button
            variant="default"
            w="fit-content"
            loading={revoke.isPending}
            disabled={!sessions.isSuccess}
            onClick={() => revoke.mutate()}
          >
            {t('sessions.revokeOthers')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** A copy of the customer's data (JSON). */
export function DataSection() {
  const { t } = useTranslation('profile');
  const download = useMutation({
    mutationFn: downloadMyData,
    onSuccess: (name) => notifySuccess(t('data.downloaded', { name })),
    onError: (error) => notifyError(error),
    meta: { silent: true },
  });
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="data-title">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="lg" id="data-title">
          {t('data.title')}
        </Title>
        <Text size="sm">{t('data.hint')}</Text>
        <Button variant="default" loading={download.isPending} onClick={() => download.mutate()}>
          {t('data.download')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** In the danger zone: deleting the account, confirmed in a dialog by typing the e-mail. */
export function DeleteAccountControl({
  email,
  onDeleted,
}: {
  email: string;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('profile');
  const [opened, setOpened] = useState(false);
  // Mounted from the first click on, so its closing transition still plays.
  const [mounted, setMounted] = useState(false);
  // The dialog is first mounted already open, so it cannot note where focus was: give it back here.
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Text size="sm">{t('delete.hint')}</Text>
      <Button
        ref={opener}
        color="red"
        variant="outline"
        {...intent}
        onClick={() => {
          setMounted(true);
          setOpened(true);
        }}
      >
        {t('delete.open')}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <DeleteAccountDialog
            opened={opened}
            email={email}
            onClose={() => {
              setOpened(false);
              opener.current?.focus();
            }}
            onDeleted={onDeleted}
          />
        </Suspense>
      )}
    </>
  );
}
