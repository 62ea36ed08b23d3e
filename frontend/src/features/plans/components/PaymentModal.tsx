import { Button, Center, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeCanvas } from 'qrcode.react';
import { useEffect, useRef } from 'react';
import { formatTimer, formatYuan } from '../../../lib/format';
import { useOrderPolling } from '../../orders/api/get-order';
import { activatePlan } from '../activation';
import { useCancelPayment } from '../api/cancel-payment';
import type { PendingPaymentOrder, UpgradePricing } from '../api/create-payment';
import { useCountdown } from '../use-countdown';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} ta="right">
        {value}
      </Text>
    </Group>
  );
}

/** docs/product.md#screens: an upgrade's price breakdown. */
function UpgradeBreakdown({ pricing, amount }: { pricing: UpgradePricing; amount: number }) {
  return (
    <Stack gap={4} aria-label="price breakdown" role="group">
      <Row label="target plan price" value={formatYuan(pricing.targetPrice)} />
      <Row label="deduction for the current plan" value={formatYuan(-pricing.originalPrice)} />
      <Row label="discount" value={formatYuan(-pricing.discountAmount)} />
      <Divider my={4} />
      <Row label="amount due" value={formatYuan(amount)} strong />
    </Stack>
  );
}

export interface PaymentModalProps {
  payment: PendingPaymentOrder;
  /** The modal is done (paid, cancelled or timed out): the parent unmounts it. */
  onClose: () => void;
}

/**
 * The payment modal (docs/product.md#screens, #states Payment order): the QR code to scan, product, amount, order number
 * and a countdown from the QR code's lifetime. The order is polled every 3 seconds; once paid the modal
 * closes and the plan is activated. Cancelling (button, close button, Escape) or the countdown ending
 * cancels the order, which gives a promo code's use back.
 */
export function PaymentModal({ payment, onClose }: PaymentModalProps) {
  const client = useQueryClient();
  const cancel = useCancelPayment();
  const remaining = useCountdown(payment.expiresIn);
  const order = useOrderPolling(payment.orderId);
  const finished = useRef(false);

  const status = order.data?.status;
  useEffect(() => {
    if (status !== 'paid' || finished.current) return;
    finished.current = true;
    onClose();
    activatePlan(client);
  }, [status, client, onClose]);

  const cancelOrder = () => {
    if (finished.current) return;
    finished.current = true;
    cancel.mutate(payment.orderId);
    onClose();
  };

  // The QR code has expired: the order goes with it.
  const expired = remaining === 0;
  const { mutate: cancelMutate } = cancel;
  useEffect(() => {
    if (!expired || finished.current) return;
    finished.current = true;
    cancelMutate(payment.orderId);
    onClose();
  }, [expired, cancelMutate, payment.orderId, onClose]);

  return (
    <Modal
      opened
      onClose={cancelOrder}
      title={payment.upgradePricing ? 'scan to upgrade' : 'scan to pay'}
      centered
      size="sm"
      closeOnClickOutside={false}
    >
      <Stack gap="sm">
        <Center>
          <QRCodeCanvas
            value={payment.qrImage}
            size={200}
            marginSize={2}
            role="img"
            aria-label="payment QR code"
          />
        </Center>
        <Text size="sm" c="dimmed" ta="center">
          scan the QR code with your payment app
        </Text>
        <Stack gap={4}>
          <Row label="product" value={payment.productName} />
          <Row label="amount" value={formatYuan(payment.amount)} strong />
          <Row label="order number" value={payment.orderId} />
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              time left
            </Text>
            <Text size="sm" fw={600} ff="monospace" role="timer" aria-label="time left">
              {formatTimer(remaining)}
            </Text>
          </Group>
        </Stack>
        {payment.upgradePricing && (
          <>
            <Divider />
            <UpgradeBreakdown pricing={payment.upgradePricing} amount={payment.amount} />
          </>
        )}
        <Button variant="default" onClick={cancelOrder}>
          cancel
        </Button>
      </Stack>
    </Modal>
  );
}
