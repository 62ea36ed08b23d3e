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
 * The refund's state and server calls: whether the confirmation is open, the chain a refund of this order
 * takes, the single and chain refunds with their toasts, and where a chain refund stopped.
 */
function useRefund(order: RefundTarget, onRefunded: (() => void) | undefined) {
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

  return {
    open,
    show: () => setOpen(true),
    stopped,
    checkingFirst: chainQuery.isPending,
    refund,
    refundChain,
    amount,
    chain,
    isChain,
    checking,
    busy,
    refundFirst,
    chainRefusedAt: refusedOrderOf(refundChain.error),
    total: formatYuan(chainTotal(chain)),
    close,
    confirm,
    confirmChain,
  };
}

/** What useRefund hands the parts of the confirmation. */
type RefundFlow = ReturnType<typeof useRefund>;

/** A chain refund stopped on a refund pending at its gateway: that order and the orders still to refund. */
function StoppedChain({ stopped }: { stopped: Stopped }) {
  const { t } = useTranslation('adminOrders');
  return (
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
}

/** The confirmation's text: where a chain stopped, the chain being checked, the chain's or this order's refund. */
function RefundBody({ order, flow }: { order: RefundTarget; flow: RefundFlow }) {
  const { t } = useTranslation('adminOrders');
  if (flow.stopped) return <StoppedChain stopped={flow.stopped} />;
  if (flow.checkingFirst)
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('refund.checking')}
        </Text>
      </Group>
    );
  if (flow.isChain)
    return (
      <>
        <Text fw={500}>
          {t('refund.chain.alone', { orderId: order.orderId, count: flow.chain.length })}
        </Text>
        <ChainTable chain={flow.chain} orderId={order.orderId} />
        <Text>
          {t('refund.chain.goesBack', { amount: flow.total, email: order.customerEmail })}
        </Text>
        <Text fw={500}>{refundChainLossText(order, flow.chain)}</Text>
      </>
    );
  return (
    <>
      <Text>{t('refund.goesBack', { amount: flow.amount, email: order.customerEmail })}</Text>
      <Text fw={500}>{refundLossText(order)}</Text>
    </>
  );
}

/** The server's refusal of the single refund (other than a later upgrade) or of the chain refund. */
function RefundRefusals({ flow }: { flow: RefundFlow }) {
  const { t } = useTranslation('adminOrders');
  const { refund, refundChain, refundFirst, chainRefusedAt } = flow;
  return (
    <>
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
    </>
  );
}

/** The confirmation's buttons: close once a chain stopped, else cancel and the chain's or this order's refund. */
function RefundActions({ flow }: { flow: RefundFlow }) {
  const { t } = useTranslation('adminOrders');
  const { refund, refundChain, checking, busy, close } = flow;
  /** The refund this button sends: the chain's, or this order's alone. */
  const pending = flow.isChain ? refundChain.isPending : refund.isPending;
  return (
    <Group justify="flex-end" gap="sm">
      {flow.stopped ? (
        <Button variant="default" onClick={close}>
          {t('refund.close')}
        </Button>
      ) : (
        <>
          <Button variant="default" onClick={close} disabled={busy}>
            {t('refund.cancel')}
          </Button>
          <Button
            color="red"
            loading={pending}
            disabled={checking && !pending}
            onClick={flow.isChain ? flow.confirmChain : flow.confirm}
          >
            {flow.isChain
              ? t('refund.chain.confirm', { amount: flow.total })
              : t('refund.confirm', { amount: flow.amount })}
          </Button>
        </>
      )}
    </Group>
  );
}

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
  const flow = useRefund(order, onRefunded);
  const { refundFirst } = flow;

  return (
    <>
      <Button
        size={size}
        color="red"
        variant="light"
        onClick={(event) => {
          event.stopPropagation();
          flow.show();
        }}
        aria-label={t('refund.buttonLabel', { orderId: order.orderId })}
      >
        {t('refund.button')}
      </Button>
      <Modal
        opened={flow.open}
        onClose={flow.close}
        title={t('refund.title', { orderId: order.orderId })}
        centered
        size={flow.isChain ? 'lg' : 'md'}
        closeOnClickOutside={!flow.busy}
      >
        <Stack gap="sm" onClick={(event) => event.stopPropagation()}>
          {refundFirst && (
            <Alert color="orange" role="alert" title={t('refund.refused')}>
              {t('refund.laterUpgradeFirst', { refundFirst })}
            </Alert>
          )}
          <RefundBody order={order} flow={flow} />
          <RefundRefusals flow={flow} />
          <RefundActions flow={flow} />
        </Stack>
      </Modal>
    </>
  );
}
