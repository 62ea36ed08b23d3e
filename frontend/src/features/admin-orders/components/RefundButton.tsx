import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { describeError } from '../../../lib/errors';
import { formatYuan } from '../../../lib/format';
import { notifyInfo, notifySuccess } from '../../../lib/notify';
import { useRefundOrder } from '../api/admin-orders';
import { refundLossText } from '../admin-orders-rules';

export const REFUND = 'Refund';
export const REFUND_FAILED_FALLBACK = 'The refund could not be made';

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
          notifySuccess(`Order ${order.orderId} refunded (${amount})`);
        else notifyInfo(`The refund of order ${order.orderId} is pending at the gateway`);
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
        aria-label={`${REFUND} order ${order.orderId}`}
      >
        {REFUND}
      </Button>
      <Modal
        opened={open}
        onClose={close}
        title={`Refund order ${order.orderId}?`}
        centered
        closeOnClickOutside={!refund.isPending}
      >
        <Stack gap="sm" onClick={(event) => event.stopPropagation()}>
          <Text>
            {amount} goes back to {order.customerEmail} through the gateway that took the payment.
          </Text>
          <Text fw={500}>{refundLossText(order)}</Text>
          {refund.isError && (
            <Alert color="red" role="alert" title="Refund refused">
              {describeError(refund.error, REFUND_FAILED_FALLBACK)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={refund.isPending}>
              Cancel
            </Button>
            <Button color="red" loading={refund.isPending} onClick={confirm}>
              Refund {amount}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
