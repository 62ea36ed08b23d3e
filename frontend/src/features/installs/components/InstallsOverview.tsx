import { Spinner } from '../../../components/Spinner';
import { Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { useInstallsDashboard, type ProductInstalls } from '../api/installs';
import { SitesTable } from './SitesTable';

const InstallsCharts = lazy(() => import('./InstallsCharts'));

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

const productKey = (p: ProductInstalls) => `${p.kind}/${p.product}`;

function Overview() {
  const { t } = useTranslation('installs');
  const query = useInstallsDashboard();
  const [chosen, setChosen] = useState<string | null>(null);
  let body;
  if (query.isPending) body = <Spinner label={t('loading')} />;
  else if (query.isError) body = <LoadError error={query.error} />;
  else if (query.data.products.length === 0)
    body = <Text c="dimmed">{query.data.enabled ? t('dashboard.empty') : t('dashboard.off')}</Text>;
  else {
    const { products, stopped, stoppedAfterDays } = query.data;
    const product = products.find((p) => productKey(p) === chosen) ?? products[0]!;
    body = (
      <Stack gap="md">
        {!query.data.enabled && <Text c="dimmed">{t('dashboard.off')}</Text>}
        <Select
          label={t('dashboard.product')}
          data={products.map((p) => ({
            value: productKey(p),
            label: t(`dashboard.kind.${p.kind}`, { product: p.product }),
          }))}
          value={productKey(product)}
          onChange={setChosen}
          allowDeselect={false}
          w={{ base: '100%', sm: 320 }}
        />
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure label={t('dashboard.active7')} value={String(product.active7)} />
          <Figure label={t('dashboard.active30')} value={String(product.active30)} />
          <Figure
            label={t('dashboard.stopped', { count: stoppedAfterDays })}
            value={String(product.stopped)}
          />
          <Figure label={t('dashboard.total')} value={String(product.total)} />
        </SimpleGrid>
        <Suspense fallback={<Spinner label={t('loading')} />}>
          <InstallsCharts product={product} />
        </Suspense>
        <Stack gap="xs" component="section" aria-labelledby="stopped-sites">
          <Title order={3} fz="md" id="stopped-sites">
            {t('dashboard.stoppedTitle', { count: stoppedAfterDays })}
          </Title>
          {stopped.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('dashboard.noneStopped')}
            </Text>
          ) : (
            <SitesTable sites={stopped} labelledBy="stopped-sites" />
          )}
        </Stack>
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="install-insights">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="install-insights">
            {t('dashboard.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('dashboard.rule', { count: stoppedAfterDays(query.data) })}
        </Text>
        {body}
      </Stack>
    </Paper>
  );
}

const stoppedAfterDays = (data: { stoppedAfterDays: number } | undefined) =>
  data?.stoppedAfterDays ?? 30;

/** The admin dashboard's install insights (docs/insights.md, "The dashboard"). */
export function InstallsOverview() {
  return (
    <Suspense fallback={null}>
      <Overview />
    </Suspense>
  );
}
