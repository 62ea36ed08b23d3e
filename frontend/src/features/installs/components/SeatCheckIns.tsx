import { Paper, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useMySites } from '../api/installs';
import { SitesTable } from './SitesTable';

function CheckIns() {
  const { t } = useTranslation('installs');
  const query = useMySites();
  // Nothing to show until a site has checked in: no empty block on a new customer's console. A failure
  // leaves the block out too: it adds to the seat cards (which show each seat's last licence check), and
  // the console's own blocks already say when the store cannot be reached.
  if (!query.isSuccess || query.data.sites.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="seat-check-ins">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="seat-check-ins">
          {t('console.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('console.hint', { count: query.data.sites.length })}
        </Text>
        <SitesTable sites={query.data.sites} labelledBy="seat-check-ins" />
      </Stack>
    </Paper>
  );
}

/**
 * The console's sites (docs/insights.md): each site that checked in with the customer's activation code,
 * its versions and when it last did (the seat card shows the seat's last licence check).
 */
export function SeatCheckIns() {
  return (
    <Suspense fallback={null}>
      <CheckIns />
    </Suspense>
  );
}
