import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/errors';
import { formatYuan } from '../../../lib/format';
import { notifyInfo, notifySuccess } from '../../../lib/notify';
import { useRefundOrder } from '../api/admin-orders';
import { refundLossText } from '../admin-orders-rules';

interface RefundTarget {
  orderId: string;
  amount: number;
  customerEmail: string;
  tier: string;
  upgradedFromTier: string | null;
  needsRefund: boolean;
  seatCount?: number;
}

/**
 * The refund of one paid order: ONE confirmation stating the amount and what the customer loses
 * (docs/rules.md, "Refunds"), then the server's refund; a refusal (REFUND_FAILED) stays shown in the
 * confirmation. The lists and the detail refresh after any answer.
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
  const refund = useRefundOrder();
  const amount = formatYuan(order.amount);
  const close = () => {
    setOpen(false);
    refund.reset();
  };
  const confirm = () =>
    refund.mutate(order.orderId, {
      onSuccess: ({ order: after }) => {
        if (after.status === 'refunded')
          notifySuccess(t('refund.done', { orderId: order.orderId, amount }));
        else notifyInfo(t('refund.pending', { orderId: order.orderId }));
        close();
        onRefunded?.();
      },
    });

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
        closeOnClickOutside={!refund.isPending}
      >
        <Stack gap="sm" onClick={(event) => event.stopPropagation()}>
          <Text>{t('refund.goesBack', { amount, email: order.customerEmail })}</Text>
          <Text fw={500}>{refundLossText(order)}</Text>
          {refund.isError && (
            <Alert color="red" role="alert" title={t('refund.refused')}>
              {describeError(refund.error, t('refund.failed'))}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={refund.isPending}>
              {t('refund.cancel')}
            </Button>
            <Button color="red" loading={refund.isPending} onClick={confirm}>
              {t('refund.confirm', { amount })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
