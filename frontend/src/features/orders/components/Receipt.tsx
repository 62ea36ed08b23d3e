import { Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { tierName } from '@seatkeeper/domain';
import { PreloadLink } from '../../../components/PreloadLink';
import { isApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/errors';
import { formatDateTime, formatYuan } from '../../../lib/format';
import { useReceipt, type Receipt as ReceiptData } from '../api/get-receipt';
import { OrderStatusBadge } from './OrderStatusBadge';
import classes from './Receipt.module.css';

// Visible texts (English for now: the language issue moves them to catalogues).
export const RECEIPT_TITLE = 'Receipt';
export const RECEIPT_LOADING = 'Loading receipt...';
export const RECEIPT_NOT_FOUND = 'Order not found';
export const RECEIPT_NOT_FOUND_HINT = 'There is no order with this number among your orders.';
export const RECEIPT_ERROR = 'Failed to load the receipt.';
export const PRINT = 'Print';
export const BACK_TO_ORDERS = 'Back to orders';
export const NOT_PAID = 'Not paid';

/** How the order was paid, by name (English until the language issue). */
const methodName = (r: ReceiptData) => r.paymentMethodName?.en ?? r.paymentMethod ?? null;

/** The refund's state in words, or null when none was asked for. */
export function refundText(r: ReceiptData): string | null {
  switch (r.refundStatus) {
    case 'succeeded':
      return `Refunded ${formatYuan(r.refundAmount ?? r.amount)} on ${formatDateTime(r.refundedAt)}`;
    case 'requested':
    case 'pending':
      return `Refund of ${formatYuan(r.refundAmount ?? r.amount)} in progress`;
    case 'failed':
      return 'A refund was attempted and failed; the seller will contact you.';
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
  const refund = refundText(r);
  const seats = `${r.seatCount} ${r.seatCount === 1 ? 'seat' : 'seats'}`;
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="xl"
      className={classes.sheet}
      aria-label={RECEIPT_TITLE}
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={700} size="xl" data-testid="seller">
              {r.sellerName}
            </Text>
            <Title order={1} size="h2">
              {RECEIPT_TITLE}
            </Title>
          </div>
          <OrderStatusBadge status={r.status} />
        </Group>

        <dl className={classes.facts}>
          <Fact label="Order number" value={r.orderId} />
          <Fact label="Billed to" value={r.buyerEmail} />
          <Fact label="Ordered" value={formatDateTime(r.createdAt)} />
          <Fact label="Paid" value={r.paidAt ? formatDateTime(r.paidAt) : null} />
          <Fact label="Payment method" value={methodName(r)} />
          <Fact label="Transaction number" value={r.tradeNo} />
        </dl>

        <table className={classes.lines}>
          <thead>
            <tr>
              <th>Item</th>
              <th className={classes.amount}>Amount</th>
            </tr>
          </thead>
          <tbody>
            <Line label={`${r.productName} plan (${seats}), list price`} cents={r.listPrice} />
            {r.deduction > 0 && (
              <Line
                label={`Deduction for your current plan${
                  r.upgradedFromTier ? ` (${tierName(r.upgradedFromTier)})` : ''
                }`}
                cents={r.deduction}
                minus
              />
            )}
            {(r.discountAmount > 0 || r.discountCode) && (
              <Line
                label={r.discountCode ? `Discount (code ${r.discountCode})` : 'Discount'}
                cents={r.discountAmount}
                minus
              />
            )}
            <tr className={classes.total}>
              <td>Total</td>
              <td className={classes.amount}>{formatYuan(r.amount)}</td>
            </tr>
            <tr>
              <td>Amount paid</td>
              <td className={classes.amount}>
                {r.amountPaid === null ? NOT_PAID : formatYuan(r.amountPaid)}
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
          Amounts in {r.currency}.
        </Text>
      </Stack>
    </Paper>
  );
}

function Actions({ canPrint }: { canPrint: boolean }) {
  return (
    <Group justify="space-between" className={classes.noPrint}>
      <Anchor component={PreloadLink} to="/orders">
        ← {BACK_TO_ORDERS}
      </Anchor>
      {canPrint && (
        <Button variant="default" onClick={() => window.print()}>
          {PRINT}
        </Button>
      )}
    </Group>
  );
}

/** The receipt page's content: loading, not found (404: not this customer's), error, the sheet. */
export function Receipt({ orderId }: { orderId: string }) {
  const query = useReceipt(orderId);
  if (query.isPending) {
    return (
      <Center py="xl" role="status">
        <Group gap="xs">
          <Loader size="sm" />
          <Text>{RECEIPT_LOADING}</Text>
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
              {RECEIPT_NOT_FOUND}
            </Title>
            <Text c="dimmed">{RECEIPT_NOT_FOUND_HINT}</Text>
          </Stack>
        ) : (
          <Stack gap="sm" align="flex-start">
            <Text c="red" role="alert">
              {RECEIPT_ERROR} {describeError(query.error)}
            </Text>
            <Button
              variant="default"
              onClick={() => void query.refetch()}
              loading={query.isFetching}
            >
              Try again
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
