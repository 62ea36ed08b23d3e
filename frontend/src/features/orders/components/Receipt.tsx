import { Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PreloadLink } from '../../../components/PreloadLink';
import { isApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/errors';
import { formatDateTime, formatYuan } from '../../../lib/format';
import { currentLanguage, i18n } from '../../../lib/i18n';
import { usePlanNames } from '../../../lib/plan-names';
import { useReceipt, type Receipt as ReceiptData } from '../api/get-receipt';
import { OrderStatusBadge } from './OrderStatusBadge';
import classes from './Receipt.module.css';

/** How the order was paid, by the API's name for the method in the active language. */
const methodName = (r: ReceiptData) =>
  r.paymentMethodName?.[currentLanguage()] ?? r.paymentMethod ?? null;

/** The refund's state in words (the active language), or null when none was asked for. */
export function refundText(r: ReceiptData): string | null {
  const amount = formatYuan(r.refundAmount ?? r.amount);
  switch (r.refundStatus) {
    case 'succeeded':
      return i18n.t('orders:receipt.refunded', { amount, date: formatDateTime(r.refundedAt) });
    case 'requested':
    case 'pending':
      return i18n.t('orders:receipt.refundPending', { amount });
    case 'failed':
      return i18n.t('orders:receipt.refundFailed');
    default:
      return null;
  }
}

function Fact({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

function Line({ label, cents, minus }: { label: string; cents: number; minus?: boolean }) {
  return (
    <tr>
      <td>{label}</td>
      <td className={classes.amount}>{minus ? `−${formatYuan(cents)}` : formatYuan(cents)}</td>
    </tr>
  );
}

/** The receipt of one order, as shown and as printed (docs/payments.md, "Receipts"). */
export function ReceiptSheet({ receipt: r }: { receipt: ReceiptData }) {
  const { t } = useTranslation('orders');
  const names = usePlanNames();
  const refund = refundText(r);
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="xl"
      className={classes.sheet}
      aria-label={t('receipt.title')}
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={700} size="xl" data-testid="seller">
              {r.sellerName}
            </Text>
            <Title order={1} size="h2">
              {t('receipt.title')}
            </Title>
          </div>
          <OrderStatusBadge status={r.status} />
        </Group>

        <dl className={classes.facts}>
          <Fact label={t('receipt.orderNumber')} value={r.orderId} />
          <Fact label={t('receipt.billedTo')} value={r.buyerEmail} />
          <Fact label={t('receipt.ordered')} value={formatDateTime(r.createdAt)} />
          <Fact label={t('receipt.paid')} value={r.paidAt ? formatDateTime(r.paidAt) : null} />
          <Fact label={t('receipt.paymentMethod')} value={methodName(r)} />
          <Fact label={t('receipt.tradeNo')} value={r.tradeNo} />
        </dl>

        <table className={classes.lines}>
          <thead>
            <tr>
              <th>{t('receipt.item')}</th>
              <th className={classes.amount}>{t('receipt.amount')}</th>
            </tr>
          </thead>
          <tbody>
            <Line
              label={t('receipt.listPrice', {
                product: names.product({ productName: r.productName, tier: r.subscriptionTier }),
                count: r.seatCount,
              })}
              cents={r.listPrice}
            />
            {r.deduction > 0 && (
              <Line
                label={
                  r.upgradedFromTier
                    ? t('receipt.deductionFrom', { plan: names.plan(r.upgradedFromTier) })
                    : t('receipt.deduction')
                }
                cents={r.deduction}
                minus
              />
            )}
            {(r.discountAmount > 0 || r.discountCode) && (
              <Line
                label={
                  r.discountCode
                    ? t('receipt.discountCode', { code: r.discountCode })
                    : t('receipt.discount')
                }
                cents={r.discountAmount}
                minus
              />
            )}
            <tr className={classes.total}>
              <td>{t('receipt.total')}</td>
              <td className={classes.amount}>{formatYuan(r.amount)}</td>
            </tr>
            <tr>
              <td>{t('receipt.amountPaid')}</td>
              <td className={classes.amount}>
                {r.amountPaid === null ? t('receipt.notPaid') : formatYuan(r.amountPaid)}
              </td>
            </tr>
          </tbody>
        </table>

        {refund && (
          <Text fw={600} data-testid="refund">
            {refund}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('receipt.currency', { currency: r.currency })}
        </Text>
      </Stack>
    </Paper>
  );
}

function Actions({ canPrint }: { canPrint: boolean }) {
  const { t } = useTranslation('orders');
  return (
    <Group justify="space-between" className={classes.noPrint}>
      <Anchor component={PreloadLink} to="/orders">
        {t('receipt.back')}
      </Anchor>
      {canPrint && (
        <Button variant="default" onClick={() => window.print()}>
          {t('receipt.print')}
        </Button>
      )}
    </Group>
  );
}

/** The receipt page's content: loading, not found (404: not this customer's), error, the sheet. */
export function Receipt({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orders');
  const query = useReceipt(orderId);
  if (query.isPending) {
    return (
      <Center py="xl" role="status">
        <Group gap="xs">
          <Loader size="sm" />
          <Text>{t('receipt.loading')}</Text>
        </Group>
      </Center>
    );
  }
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <Stack gap="md" maw={720}>
        <Actions canPrint={false} />
        {notFound ? (
          <Stack gap={4}>
            <Title order={1} size="h2">
              {t('receipt.notFound')}
            </Title>
            <Text c="dimmed">{t('receipt.notFoundHint')}</Text>
          </Stack>
        ) : (
          <Stack gap="sm" align="flex-start">
            <Text c="red" role="alert">
              {t('receipt.error')} {describeError(query.error)}
            </Text>
            <Button
              variant="default"
              onClick={() => void query.refetch()}
              loading={query.isFetching}
            >
              {t('retry')}
            </Button>
          </Stack>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={720}>
      <Actions canPrint />
      <ReceiptSheet receipt={query.data} />
    </Stack>
  );
}
