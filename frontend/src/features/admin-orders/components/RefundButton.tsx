import { Alert, Button, Group, List, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { tierName } from '@seatkeeper/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/errors';
import { formatYuan } from '../../../lib/format';
import { notifyInfo, notifySuccess } from '../../../lib/notify';
import {
  laterUpgradeFirst,
  refusedOrderOf,
  useRefundChain,
  useRefundOrder,
  useRefundOrderChain,
  type RefundChainOrder,
  type RefundChainResult,
} from '../api/admin-orders';
import {
  chainTotal,
  gatewayLabel,
  refundChainLossText,
  refundLossText,
} from '../admin-orders-rules';

interface RefundTarget {
  orderId: string;
  amount: number;
  customerEmail: string;
  tier: string;
  upgradedFromTier: string | null;
  needsRefund: boolean;
  seatCount?: number;
}

/** A chain refund that stopped on a refund still pending at its gateway: that order and the ones left. */
interface Stopped {
  pending: string;
  remaining: string[];
}

/** The orders a chain refund takes, latest first (this order last), with their plans, gateways and amounts. */
function ChainTable({ chain, orderId }: { chain: RefundChainOrder[]; orderId: string }) {
  const { t } = useTranslation('adminOrders');
  return (
    <Table verticalSpacing={4} aria-label={t('refund.chain.label')} withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('table.order')}</Table.Th>
          <Table.Th>{t('table.plan')}</Table.Th>
          <Table.Th>{t('table.method')}</Table.Th>
          <Table.Th ta="right">{t('table.amount')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {chain.map((link) => (
          <Table.Tr key={link.orderId}>
            <Table.Td style={{ wordBreak: 'break-all' }}>
              {link.orderId}
              {link.orderId === orderId && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  {t('refund.chain.thisOrder')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{tierName(link.tier)}</Table.Td>
            <Table.Td>{gatewayLabel(link.paymentGateway)}</Table.Td>
            <Table.Td ta="right">{formatYuan(link.amount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={3}>{t('refund.chain.total')}</Table.Th>
          <Table.Td ta="right" fw={600}>
            {formatYuan(chainTotal(chain))}
          </Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

/** A refusal the confirmation shows (the mutation's error): nothing more to do with it here. */
const ignoreShownError = () => undefined;

/**
 * The refund of one paid order: ONE confirmation stating the amount and what the customer loses
 * (docs/rules.md, "Refunds"), then the server's refund; a refusal (REFUND_FAILED) stays shown in the
 * confirmation. Refunds go latest first along an upgrade chain: the confirmation asks what a refund of
 * this order takes, and when later upgrades were priced against it, says it cannot be refunded alone, lists
 * the orders (latest first) with their total and offers the chain's refund instead. A single refund refused
 * for such an upgrade (REFUND_LATER_UPGRADE_FIRST, a race) names it and turns to the chain. A chain that
 * stops on a refund pending at the gateway shows the orders still to refund. The lists and the detail
 * refresh after any answer.
 */
export function RefundButton({
  order,
  size = 'sm',
  onRefunded,
}: {
  order: RefundTarget;
  size?: 'xs' | 'sm';
  onRefunded?: () => void;
}) {
  const { t } = useTranslation('adminOrders');
  const [open, setOpen] = useState(false);
  const [stopped, setStopped] = useState<Stopped | null>(null);
  const chainQuery = useRefundChain(order.orderId, open);
  const refund = useRefundOrder();
  const refundChain = useRefundOrderChain();
  const amount = formatYuan(order.amount);
  const chain = chainQuery.data?.orders ?? [];
  const isChain = chain.length > 1;
  const checking = chainQuery.isPending || chainQuery.isFetching;
  const busy = refund.isPending || refundChain.isPending;
  const refundFirst = laterUpgradeFirst(refund.error);

  const close = () => {
    setOpen(false);
    setStopped(null);
    refund.reset();
    refundChain.reset();
  };
  // mutateAsync, not mutate's callbacks: those are dropped when this button unmounts first, as it does
  // when the refreshed lists (awaited by the mutation's onSettled) no longer offer a refund; the toast
  // must still say what happened. A refusal stays on screen through the mutation's error.
  const confirm = () => {
    void refund.mutateAsync(order.orderId).then(({ order: after }) => {
      if (after.status === 'refunded')
        notifySuccess(t('refund.done', { orderId: order.orderId, amount }));
      else notifyInfo(t('refund.pending', { orderId: order.orderId }));
      close();
      onRefunded?.();
    }, ignoreShownError);
  };
  const chainDone = ({ orders, remaining }: RefundChainResult) => {
    onRefunded?.();
    const last = orders.at(-1);
    if (last && remaining.length > 0) {
      setStopped({ pending: last.orderId, remaining });
      return;
    }
    if (last && last.status !== 'refunded')
      notifyInfo(t('refund.pending', { orderId: last.orderId }));
    else
      notifySuccess(
        t('refund.chain.done', {
          count: orders.length,
          amount: formatYuan(orders.reduce((sum, o) => sum + o.amount, 0)),
        }),
      );
    close();
  };
  const confirmChain = () => {
    refund.reset();
    void refundChain.mutateAsync(order.orderId).then(chainDone, ignoreShownError);
  };

  const chainRefusedAt = refusedOrderOf(refundChain.error);
  const total = formatYuan(chainTotal(chain));

  let body;
  if (stopped) {
    body = (
      <Alert color="yellow" role="status">
        <Stack gap={4}>
          <Text size="sm">{t('refund.chain.pending', { orderId: stopped.pending })}</Text>
          <Text size="sm">{t('refund.chain.remaining', { count: stopped.remaining.length })}</Text>
          <List size="sm" aria-label={t('refund.chain.remainingLabel')}>
            {stopped.remaining.map((id) => (
              <List.Item key={id}>{id}</List.Item>
            ))}
          </List>
        </Stack>
      </Alert>
    );
  } else if (chainQuery.isPending) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('refund.checking')}
        </Text>
      </Group>
    );
  } else if (isChain) {
    body = (
      <>
        <Text fw={500}>
          {t('refund.chain.alone', { orderId: order.orderId, count: chain.length })}
        </Text>
        <ChainTable chain={chain} orderId={order.orderId} />
        <Text>{t('refund.chain.goesBack', { amount: total, email: order.customerEmail })}</Text>
        <Text fw={500}>{refundChainLossText(order, chain)}</Text>
      </>
    );
  } else {
    body = (
      <>
        <Text>{t('refund.goesBack', { amount, email: order.customerEmail })}</Text>
        <Text fw={500}>{refundLossText(order)}</Text>
      </>
    );
  }

  return (
    <>
      <Button
        size={size}
        color="red"
        variant="light"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        aria-label={t('refund.buttonLabel', { orderId: order.orderId })}
      >
        {t('refund.button')}
      </Button>
      <Modal
        opened={open}
        onClose={close}
        title={t('refund.title', { orderId: order.orderId })}
        centered
        size={isChain ? 'lg' : 'md'}
        closeOnClickOutside={!busy}
      >
        <Stack gap="sm" onClick={(event) => event.stopPropagation()}>
          {refundFirst && (
            <Alert color="orange" role="alert" title={t('refund.refused')}>
              {t('refund.laterUpgradeFirst', { refundFirst })}
            </Alert>
          )}
          {body}
          {refund.isError && !refundFirst && (
            <Alert color="red" role="alert" title={t('refund.refused')}>
              {describeError(refund.error, t('refund.failed'))}
            </Alert>
          )}
          {refundChain.isError && (
            <Alert color="red" role="alert" title={t('refund.refused')}>
              <Text size="sm">{describeError(refundChain.error, t('refund.failed'))}</Text>
              {chainRefusedAt && (
                <Text size="sm">{t('refund.chain.stopped', { orderId: chainRefusedAt })}</Text>
              )}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            {stopped ? (
              <Button variant="default" onClick={close}>
                {t('refund.close')}
              </Button>
            ) : (
              <>
                <Button variant="default" onClick={close} disabled={busy}>
                  {t('refund.cancel')}
                </Button>
                {isChain ? (
                  <Button
                    color="red"
                    loading={refundChain.isPending}
                    disabled={checking && !refundChain.isPending}
                    onClick={confirmChain}
                  >
                    {t('refund.chain.confirm', { amount: total })}
                  </Button>
                ) : (
                  <Button
                    color="red"
                    loading={refund.isPending}
                    disabled={checking && !refund.isPending}
                    onClick={confirm}
                  >
                    {t('refund.confirm', { amount })}
                  </Button>
                )}
              </>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
