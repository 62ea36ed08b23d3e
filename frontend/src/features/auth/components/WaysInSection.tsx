import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GOOGLE_LINK_FAILURES } from '@seatkeeper/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { describeError } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notify';
import { AUTH_PREFIX, refreshSession } from '../../../lib/session';
import { EmailCodeSignIn } from './EmailCodeSignIn';
import { isWechatFailure } from './WechatSignIn';

export type WayIn = components['schemas']['WayInDto'];

export const waysInKey = ['auth', 'ways-in'] as const;

const isLinkFailure = (error: string | null) =>
  isWechatFailure(error) || (GOOGLE_LINK_FAILURES as readonly string[]).includes(error ?? '');

/** Where each provider's own flow links it to the signed-in account, coming back to the profile. */
const LINK_URLS: Partial<Record<WayIn['way'], string>> = {
  google: `${AUTH_PREFIX}/link/google?callbackURL=%2Fprofile`,
  wechat: `${AUTH_PREFIX}/wechat/link?callbackURL=%2Fprofile`,
};

/** May this way be unlinked: linked, not the e-mail (the account's address), and not the last one. */
export function canUnlink(ways: WayIn[], way: WayIn): boolean {
  return way.way !== 'email' && way.linked && ways.some((w) => w.linked && w.way !== way.way);
}

/**
 * The profile's "ways in" (docs/sign-in.md): Google, WeChat and the e-mail code, linked or not, with link
 * (the provider's own flow, signed in) and unlink (never the last). An account made by WeChat first proves an
 * e-mail address here (the e-mail sign-in's code), before it can pay.
 */
export function WaysInSection() {
  const { t } = useTranslation('profile');
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const ways = useQuery({
    queryKey: waysInKey,
    queryFn: ({ signal }) => api.GET(`${AUTH_PREFIX}/ways-in`, { signal }),
    meta: { silent: true },
  });
  const unlink = useMutation({
    mutationFn: (way: 'google' | 'wechat') =>
      api.POST(`${AUTH_PREFIX}/ways-in/unlink`, { body: { way } }),
    onSuccess: async (answer, way) => {
      client.setQueryData(waysInKey, answer);
      notifySuccess(t('waysIn.unlinked', { way: t(`waysIn.names.${way}`) }));
      // The sessions signed in by that way ended, this one too when it was one of them.
      await refreshSession(client);
    },
    meta: { silent: true },
  });

  const linkedParam = params.get('linked');
  const errorParam = params.get('error');
  useEffect(() => {
    if (linkedParam === 'wechat' || linkedParam === 'google')
      notifySuccess(t('waysIn.linked', { way: t(`waysIn.names.${linkedParam}`) }));
  }, [linkedParam, t]);
  const clearParams = () => setParams({}, { replace: true });

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="ways-in-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="ways-in-title">
          {t('waysIn.title')}
        </Title>
        <Text size="sm">{t('waysIn.hint')}</Text>
        {isLinkFailure(errorParam) && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            withCloseButton
            closeButtonLabel={t('waysIn.dismiss')}
            onClose={clearParams}
          >
            {t(`waysIn.errors.${errorParam}`)}
          </Alert>
        )}
        {ways.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('waysIn.loading')}</Text>
          </Group>
        ) : ways.isError || !Array.isArray(ways.data.ways) ? (
          <Text size="sm" c="red.9" role="alert">
            {t('waysIn.failed')}
          </Text>
        ) : (
          <>
            {ways.data.awaitingEmail && (
              <Stack gap="sm" id="email">
                <Alert color="yellow" variant="light" role="status" title={t('waysIn.email.title')}>
                  {t('waysIn.email.why')}
                </Alert>
                <EmailCodeSignIn
                  purpose="wechat-email"
                  onDone={() => {
                    void client.invalidateQueries({ queryKey: waysInKey });
                    notifySuccess(t('waysIn.email.done'));
                  }}
                />
              </Stack>
            )}
            <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {ways.data.ways.map((w) => (
                <Paper key={w.way} component="li" withBorder p="sm" radius="sm">
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Stack gap={2} miw={0}>
                      <Group gap="xs">
                        <Text fw={600} size="sm">
                          {t(`waysIn.names.${w.way}`)}
                        </Text>
                        <Badge variant="light" color={w.linked ? 'teal' : 'gray'}>
                          {w.linked ? t('waysIn.on') : t('waysIn.off')}
                        </Badge>
                      </Group>
                      {w.label && (
                        <Text size="xs" c="gray.8" truncate="end">
                          {w.label}
                        </Text>
                      )}
                      {w.way === 'email' && !w.offered && (
                        <Text size="xs" c="gray.8">
                          {t('waysIn.emailOff')}
                        </Text>
                      )}
                    </Stack>
                    {w.linked && w.way !== 'email' ? (
                      <Button
                        variant="default"
                        size="xs"
                        disabled={!canUnlink(ways.data.ways, w)}
                        loading={unlink.isPending && unlink.variables === w.way}
                        onClick={() => unlink.mutate(w.way as 'google' | 'wechat')}
                        aria-label={t('waysIn.unlinkLabel', { way: t(`waysIn.names.${w.way}`) })}
                      >
                        {t('waysIn.unlink')}
                      </Button>
                    ) : !w.linked && w.offered && LINK_URLS[w.way] ? (
                      <Button
                        component="a"
                        href={LINK_URLS[w.way]}
                        variant="light"
                        size="xs"
                        aria-label={t('waysIn.linkLabel', { way: t(`waysIn.names.${w.way}`) })}
                      >
                        {t('waysIn.link')}
                      </Button>
                    ) : null}
                  </Group>
                </Paper>
              ))}
            </Stack>
            {ways.data.ways.filter((w) => w.linked).length === 1 && (
              <Text size="xs" c="gray.8">
                {t('waysIn.lastOne')}
              </Text>
            )}
            {unlink.error && (
              <Text size="sm" c="red.9" role="alert">
                {describeError(unlink.error)}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
