import { Spinner } from '../components/Spinner';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { isTier, type Tier } from '@seatkeeper/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { loginPath } from '../components/guards';
import { useDashboardLoader } from './use-dashboard-loader';
import { DownloadsBlock } from '../features/downloads/components/DownloadsBlock';
import { SeatCheckIns } from '../features/installs/components/SeatCheckIns';
import { vipInitializationQueryKey } from '../features/licenses/api/initialize-vip';
import { tokenQueryKey } from '../features/tokens/api/get-token';
import { ActivationCodeBlock } from '../features/tokens/components/ActivationCodeBlock';
import { sessionQueryKey } from '../lib/session';
import { usePageTitle } from '../lib/use-page-title';
import { LicenseSeats, SEAT_PURCHASE_ID } from './license-seats';
import { AwaitingEmailNotice } from '../components/AwaitingEmailNotice';
import { licensesQueryKey } from '../lib/api/query-keys';

/**
 * The page's catalogues (src/locales/<language>/<ns>.json), loaded with its code: the console's and
 * the plan purchase button's in the seat block (the AI config modal loads its own with its chunk).
 */
export const namespaces = ['console', 'plans'];

export const DASHBOARD_LOGIN = loginPath({ pathname: '/dashboard', search: '' });

/**
 * The downloads block's way to a plan: one purchase per page, the seat block's, so this moves there
 * (scrolls to it and focuses its button) instead of opening a second purchase of its own.
 */
function ToSeatPurchase() {
  const { t } = useTranslation('console');
  return (
    <Button
      variant="light"
      w="fit-content"
      onClick={() => {
        const target = document.getElementById(SEAT_PURCHASE_ID);
        target?.scrollIntoView({ block: 'center' });
        target?.querySelector<HTMLElement>('button, a[href]')?.focus();
      }}
    >
      {t('downloads.toPurchase')}
    </Button>
  );
}

/** The server no longer knows this session: forget it and the user's data, then go to login. */
function SignedOutRedirect() {
  const client = useQueryClient();
  useEffect(() => {
    for (const queryKey of [tokenQueryKey, licensesQueryKey, vipInitializationQueryKey])
      client.removeQueries({ queryKey });
    client.setQueryData(sessionQueryKey, null);
  }, [client]);
  return <Navigate to={DASHBOARD_LOGIN} replace />;
}

/**
 * `?buy=pro` (the pricing page's Buy, through sign-in): the plan to open the purchase with. Read once, then
 * dropped from the address, so a reload does not open the picker again.
 */
function useBuyParam(): Tier | null {
  const [params, setParams] = useSearchParams();
  const [buy] = useState(() => {
    const tier = params.get('buy');
    return isTier(tier) ? tier : null;
  });
  useEffect(() => {
    if (!params.has('buy')) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('buy');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);
  return buy;
}

/** /dashboard (docs/product.md#screens): activation code, licence seats and downloads. Guarded by RequireSession. */
export default function DashboardPage() {
  const buy = useBuyParam();
  const { t } = useTranslation('console');
  usePageTitle(t('title'));
  const { signedOut, isVip, settled } = useDashboardLoader();
  if (signedOut) return <SignedOutRedirect />;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <AwaitingEmailNotice />
        {settled ? (
          <>
            <ActivationCodeBlock />
            <LicenseSeats isVip={isVip} buy={buy} />
            <SeatCheckIns />
            <DownloadsBlock purchase={<ToSeatPurchase />} />
          </>
        ) : (
          // The blocks appear together once the code and the seats have answered, so nothing on the
          // page moves while they arrive one by one; the footer waits below the fold meanwhile. The text
          // is block 1's loading text (docs/product.md#screens: while there is no token a loading text shows).
          <Group mih="100vh" role="status" align="flex-start" justify="center" gap="xs" pt="xl">
            <Spinner label={t('loading')} inStatus />
            <Text c="dimmed">{t('token.loading')}</Text>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
