import { Spinner } from '../../../components/Spinner';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { useCustomerSites } from '../api/installs';
import { SitesTable } from './SitesTable';

function Sites({ userId }: { userId: string }) {
  const { t } = useTranslation('installs');
  const query = useCustomerSites(userId);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      mt="lg"
      component="section"
      aria-labelledby="customer-sites"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="customer-sites">
          {t('customer.title')}
        </Title>
        {query.isPending ? (
          <Spinner label={t('loading')} />
        ) : query.isError ? (
          <LoadError error={query.error} />
        ) : query.data.sites.length === 0 ? (
          <Text c="dimmed">{t('customer.empty')}</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('customer.count', { count: query.data.sites.length })}
            </Text>
            <SitesTable sites={query.data.sites} labelledBy="customer-sites" />
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** The admin customer page's sites (docs/insights.md): each with its versions and last check-in. */
export function CustomerSites({ userId }: { userId: string }) {
  return (
    <Suspense fallback={null}>
      <Sites userId={userId} />
    </Suspense>
  );
}
