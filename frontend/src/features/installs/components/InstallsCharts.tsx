import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InstallCount, ProductInstalls } from '../api/installs';

/** One version breakdown: sites seen in 7 and 30 days per version, with a readable list for screen readers. */
function Breakdown({ title, counts }: { title: string; counts: InstallCount[] }) {
  const { t } = useTranslation('installs');
  const name = (c: InstallCount) => c.value ?? t('unknown');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={3} fz="md">
          {title}
        </Title>
        {counts.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="md">
            {t('charts.none')}
          </Text>
        ) : (
          <>
            <BarChart
              h={200}
              data={counts.map((c) => ({
                version: name(c),
                active7: c.active7,
                active30: c.active30,
              }))}
              dataKey="version"
              series={[
                { name: 'active30', label: t('charts.active30'), color: 'blue.6' },
                { name: 'active7', label: t('charts.active7'), color: 'teal.6' },
              ]}
              withLegend
              gridAxis="y"
              yAxisProps={{ allowDecimals: false }}
            />
            <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {counts.map((c) => (
                <Text key={name(c)} size="sm" component="li">
                  {t('charts.line', { version: name(c), count: c.active30, week: c.active7 })}
                </Text>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** The product's sites by product, WordPress and PHP version, in their own chunk with @mantine/charts. */
export default function InstallsCharts({ product }: { product: ProductInstalls }) {
  const { t } = useTranslation('installs');
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <Breakdown title={t('charts.versions')} counts={product.versions} />
      <Breakdown title={t('charts.wordpress')} counts={product.wordpress} />
      <Breakdown title={t('charts.php')} counts={product.php} />
    </SimpleGrid>
  );
}
