import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { describeError } from '../../../lib/errors';
import { formatYuan } from '../../../lib/format';
import { useDashboard, type DashboardPeriod } from '../api/dashboard';
import { deltaOf, FIGURES, hasNoSales, type FigureSpec } from '../dashboard-rules';

/** The charts (and @mantine/charts with recharts) load in their own chunk, after the figures. */
const DashboardCharts = lazy(() => import('./DashboardCharts'));

type PeriodKey = DashboardPeriod['key'];
const PERIODS: PeriodKey[] = ['today', 'last7', 'last30', 'all'];

const valueText = (spec: FigureSpec, value: number) =>
  spec.money ? formatYuan(value) : value.toLocaleString('en-US');

const TONE_COLOR = { good: 'teal', bad: 'red', neutral: 'gray' } as const;

function FigureCard({ spec, period }: { spec: FigureSpec; period: DashboardPeriod }) {
  const { t } = useTranslation('adminDashboard');
  const current = period.current[spec.key];
  const previous = period.previous ? period.previous[spec.key] : null;
  const delta = deltaOf(current, previous, spec.riseIsBad);
  const label = t(`figures.${spec.key}`);
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
      <Stack gap={4}>
        <Tooltip label={t(`hints.${spec.key}`)} multiline w={260} withArrow>
          <Text size="sm" c="dimmed" w="fit-content">
            {label}
          </Text>
        </Tooltip>
        <Text fz={24} fw={700} lh={1.2}>
          {valueText(spec, current)}
        </Text>
        {delta && previous !== null && (
          <Group gap={6} wrap="wrap">
            <Badge variant="light" color={TONE_COLOR[delta.tone]} size="sm">
              {delta.percent === null
                ? t(`trend.${delta.trend}`)
                : t('trend.percent', {
                    sign: delta.percent > 0 ? '+' : '',
                    percent: delta.percent.toFixed(1),
                  })}
            </Badge>
            <Text size="xs" c="dimmed">
              {t(`previous.${period.key}`, { value: valueText(spec, previous) })}
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The money of the orders created in the period (docs/product.md, "Dashboard /admin"): paid, refunded and
 * net, as the orders page totals them for the same days, with a link to that page filtered on them.
 */
function OrderMoney({ period }: { period: DashboardPeriod }) {
  const { t } = useTranslation('adminDashboard');
  const money = period.orderMoney;
  const query = new URLSearchParams();
  if (period.fromDay) query.set('from', period.fromDay);
  query.set('to', period.toDay);
  const figures = [
    ['paid', money.paidTotal],
    ['refunded', money.refundedTotal],
    ['net', money.netTotal],
  ] as const;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('orderMoney.title')}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} fz="md">
            {t('orderMoney.title')}
          </Title>
          <Anchor component={Link} to={`/admin/orders?${query}`} size="sm">
            {t('orderMoney.view')}
          </Anchor>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          {figures.map(([key, value]) => (
            <Stack key={key} gap={2} role="group" aria-label={t(`orderMoney.${key}`)}>
              <Text size="sm" c="dimmed">
                {t(`orderMoney.${key}`)}
              </Text>
              <Text fz={20} fw={700} lh={1.2}>
                {formatYuan(value)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('orderMoney.hint')}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The grid's placeholders while the figures load. */
function FiguresSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      {FIGURES.map((f) => (
        <Skeleton key={f.key} h={108} radius="md" />
      ))}
    </SimpleGrid>
  );
}

export function ChartsSkeleton() {
  return (
    <Stack gap="md">
      <Skeleton h={320} radius="md" />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Skeleton h={300} radius="md" />
        <Skeleton h={300} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The seller's dashboard (docs/product.md, "Dashboard /admin"): the figures of a period beside the period
 * before, then the charts (their own chunk). Loading skeletons, an error with a retry, and an empty store
 * said in words.
 */
export function AdminDashboard() {
  const { t } = useTranslation('adminDashboard');
  const dashboard = useDashboard();
  const [periodKey, setPeriodKey] = useState<PeriodKey>('last30');

  const periodControl = (
    <SegmentedControl
      aria-label={t('period.label')}
      value={periodKey}
      onChange={(v) => setPeriodKey(v as PeriodKey)}
      data={PERIODS.map((p) => ({ value: p, label: t(`period.${p}`) }))}
      fullWidth
      maw={520}
    />
  );

  if (dashboard.isPending)
    return (
      <Stack gap="lg" aria-busy="true" aria-label={t('loading')}>
        {periodControl}
        <FiguresSkeleton />
        <ChartsSkeleton />
      </Stack>
    );
  if (dashboard.isError)
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" role="alert">
          {t('loadFailed', { error: describeError(dashboard.error) })}
        </Alert>
        <Button variant="default" onClick={() => void dashboard.refetch()}>
          {t('retry')}
        </Button>
      </Stack>
    );

  const d = dashboard.data;
  const period = d.periods.find((p) => p.key === periodKey) ?? d.periods[0]!;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('days', { timeZone: d.timeZone, today: d.today })}
      </Text>
      {hasNoSales(d) && (
        <Alert color="gray" title={t('empty.title')}>
          {t('empty.text')}
        </Alert>
      )}
      {periodControl}
      <section aria-label={t('figuresLabel')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {FIGURES.map((spec) => (
            <FigureCard key={spec.key} spec={spec} period={period} />
          ))}
        </SimpleGrid>
      </section>
      <OrderMoney period={period} />
      <Title order={2} fz="lg">
        {t('charts.title')}
      </Title>
      <Suspense fallback={<ChartsSkeleton />}>
        <DashboardCharts dashboard={d} />
      </Suspense>
    </Stack>
  );
}
