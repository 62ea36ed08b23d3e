import '@mantine/charts/styles.css';
import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
import { Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { tierName } from '@seatkeeper/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../lib/format';
import type { Dashboard } from '../api/dashboard';
import { isFlat, methodColor, sharesOf, type Share } from '../dashboard-rules';

type Span = 'last30' | 'last90';
type Range = 'last30' | 'allTime';

function ChartCard({
  title,
  control,
  children,
}: {
  title: string;
  control?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} fz="md">
            {title}
          </Title>
          {control}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Text c="dimmed" size="sm" ta="center" py="xl">
      {text}
    </Text>
  );
}

/** A tooltip box for a slice: its name, orders and paid amount in yuan. */
function SliceTooltip({ name, slice }: { name: string; slice: Share }) {
  const { t } = useTranslation('adminDashboard');
  return (
    <Paper withBorder shadow="sm" p="xs" radius="sm">
      <Text size="sm" fw={600}>
        {name}
      </Text>
      <Text size="xs">
        {t('charts.sliceOrders', { count: slice.orders, percent: slice.percent })}
      </Text>
      <Text size="xs">{t('charts.slicePaid', { amount: formatYuan(slice.revenue) })}</Text>
    </Paper>
  );
}

/** The legend under a breakdown, readable on a phone: name, orders, share and paid amount. */
function SliceList({ shares, nameOf }: { shares: Share[]; nameOf: (key: string) => string }) {
  const { t } = useTranslation('adminDashboard');
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {shares.map((s) => (
        <Group key={s.key} component="li" justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm">{nameOf(s.key)}</Text>
          <Text size="sm" c="dimmed" ta="right">
            {t('charts.sliceLine', {
              count: s.orders,
              percent: s.percent,
              amount: formatYuan(s.revenue),
            })}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The dashboard's charts (docs/product.md, "Dashboard /admin"), in their own chunk with @mantine/charts:
 * revenue per day (30 or 90 days), orders by plan and the payment method share (last 30 days or all
 * time). Tooltips in yuan; each chart has its empty state.
 */
export default function DashboardCharts({ dashboard }: { dashboard: Dashboard }) {
  const { t, i18n } = useTranslation('adminDashboard');
  const [span, setSpan] = useState<Span>('last30');
  const [range, setRange] = useState<Range>('last30');
  const days = dashboard.revenueByDay[span];
  const plans = sharesOf(dashboard.ordersByPlan[range]);
  const methods = sharesOf(dashboard.paymentMethods[range]);
  const planName = (key: string) => tierName(key);
  const methodName = (key: string) =>
    i18n.exists(`adminDashboard:methods.${key}`) ? t(`methods.${key}`) : key;
  const revenueLabel = t('charts.revenueSeries');
  const ordersLabel = t('charts.ordersSeries');

  const rangeControl = (
    <SegmentedControl
      size="xs"
      aria-label={t('charts.rangeLabel')}
      value={range}
      onChange={(v) => setRange(v as Range)}
      data={[
        { value: 'last30', label: t('charts.range.last30') },
        { value: 'allTime', label: t('charts.range.allTime') },
      ]}
    />
  );

  return (
    <Stack gap="md">
      <ChartCard
        title={t('charts.revenue')}
        control={
          <SegmentedControl
            size="xs"
            aria-label={t('charts.spanLabel')}
            value={span}
            onChange={(v) => setSpan(v as Span)}
            data={[
              { value: 'last30', label: t('charts.span.last30') },
              { value: 'last90', label: t('charts.span.last90') },
            ]}
          />
        }
      >
        {isFlat(days) ? (
          <Empty text={t('charts.noRevenue')} />
        ) : (
          <AreaChart
            h={260}
            data={days.map((d) => ({ date: d.date.slice(5), revenue: d.revenue }))}
            dataKey="date"
            series={[{ name: 'revenue', label: revenueLabel, color: 'teal.6' }]}
            curveType="monotone"
            withDots={false}
            valueFormatter={formatYuan}
            yAxisProps={{ width: 80 }}
            gridAxis="y"
          />
        )}
      </ChartCard>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartCard title={t('charts.byPlan')} control={rangeControl}>
          {plans.length === 0 ? (
            <Empty text={t('charts.noOrders')} />
          ) : (
            <>
              <BarChart
                h={220}
                data={plans.map((s) => ({ plan: planName(s.key), orders: s.orders, key: s.key }))}
                dataKey="plan"
                series={[{ name: 'orders', label: ordersLabel, color: 'blue.6' }]}
                gridAxis="y"
                tooltipProps={{
                  content: ({ payload }) => {
                    const key = (payload?.[0]?.payload as { key?: string } | undefined)?.key;
                    const slice = plans.find((s) => s.key === key);
                    return slice ? <SliceTooltip name={planName(slice.key)} slice={slice} /> : null;
                  },
                }}
              />
              <SliceList shares={plans} nameOf={planName} />
            </>
          )}
        </ChartCard>
        <ChartCard title={t('charts.byMethod')}>
          {methods.length === 0 ? (
            <Empty text={t('charts.noOrders')} />
          ) : (
            <>
              <Group justify="center">
                <DonutChart
                  size={180}
                  thickness={28}
                  data={methods.map((s, i) => ({
                    name: methodName(s.key),
                    value: s.orders,
                    color: methodColor(s.key, i),
                  }))}
                  tooltipDataSource="segment"
                  tooltipProps={{
                    content: ({ payload }) => {
                      const name = payload?.[0]?.name;
                      const slice = methods.find((s) => methodName(s.key) === name);
                      return slice ? <SliceTooltip name={String(name)} slice={slice} /> : null;
                    },
                  }}
                />
              </Group>
              <SliceList shares={methods} nameOf={methodName} />
            </>
          )}
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}
