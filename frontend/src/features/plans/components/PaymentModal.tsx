import { Alert, Button, Center, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import type { Tier } from '@seatkeeper/domain';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeCanvas } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatTimer, formatYuan } from '../../../lib/format';
import { useOrderPolling } from '../../../lib/api/order';
import { activatePlan } from '../activation';
import { useCancelPayment } from '../api/cancel-payment';
import type { PendingPaymentOrder, UpgradePricing } from '../api/create-payment';
import type { PaymentMethod, PaymentMethodId } from '../api/get-payment-methods';
import { appName, localized, METHOD_COLOURS, openAppLabel } from '../payment-methods';
import { usePlanNames } from '../../../lib/plan-names';
import { useCountdown } from '../use-countdown';
import { usePhone } from '../use-phone';
import { notifyPaid } from './paid-notice';
import { PaymentMethodChoice } from './PaymentMethodChoice';

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
  const { t } = useTranslation('plans');
  return (
    <Stack gap={4} aria-label={t('modal.breakdown')} role="group">
      <Row label={t('modal.targetPrice')} value={formatYuan(pricing.targetPrice)} />
      <Row label={t('modal.deduction')} value={formatYuan(-pricing.originalPrice)} />
      <Row label={t('modal.discount')} value={formatYuan(-pricing.discountAmount)} />
      <Divider my={4} />
      <Row label={t('modal.amountDue')} value={formatYuan(amount)} strong />
    </Stack>
  );
}

/**
 * The QR code; on a phone it is also drawn as an image, which a long press can save (a canvas cannot be
 * saved that way), and the scanner of the payment app can then read from the photo album.
 */
function PaymentQr({ value, saveable }: { value: string; saveable: boolean }) {
  const { t } = useTranslation('plans');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    if (!saveable) return;
    try {
      const url = canvas.current?.toDataURL?.('image/png');
      if (url) setImage(url);
    } catch {
      // No pixels to read (e.g. no canvas support): the canvas stays.
    }
  }, [saveable, value]);
  return (
    <>
      <QRCodeCanvas
        ref={canvas}
        value={value}
        size={200}
        marginSize={2}
        role="img"
        aria-label={t('modal.qr')}
        style={image ? { display: 'none' } : undefined}
      />
      {image && <img src={image} width={200} height={200} alt={t('modal.qr')} />}
    </>
  );
}

export interface PaymentModalProps {
  payment: PendingPaymentOrder;
  /** The plan being bought (the product is named by it in the active language). */
  tier?: Tier;
  /** The modal is done (paid, cancelled or timed out): the parent unmounts it and moves the focus on. */
  onClose: () => void;
  /** The enabled methods: with several, the customer may switch (a new order for the new method). */
  methods?: readonly PaymentMethod[];
  /** Switch to another method: the parent creates the new order, which replaces this one. */
  onChangeMethod?: (method: PaymentMethodId) => void;
  /** The new order for another method is being created. */
  switching?: boolean;
}

/**
 * The payment modal (docs/product.md#screens, #states Payment order): the QR code to scan, product, amount, order number
 * and a countdown from the QR code's lifetime. The order is polled every 3 seconds; once paid the modal
 * closes and the plan is activated (the toast links the order's receipt). Cancelling (button, close button,
 * Escape) or the countdown ending cancels the order, which gives a promo code's use back, and a toast says
 * so once the server has cancelled it.
 */
export function PaymentModal({
  payment,
  tier,
  onClose,
  methods = [],
  onChangeMethod,
  switching = false,
}: PaymentModalProps) {
  const { t } = useTranslation('plans');
  const client = useQueryClient();
  const navigate = useNavigate();
  const cancel = useCancelPayment();
  const remaining = useCountdown(payment.expiresIn);
  const order = useOrderPolling(payment.orderId);
  const finished = useRef(false);
  const phone = usePhone();
  const method = methods.find((m) => m.id === payment.paymentMethod) ?? null;
  const names = usePlanNames();
  const soldTier = tier ?? order.data?.subscriptionTier;
  const product = soldTier
    ? names.product({ productName: payment.productName, tier: soldTier })
    : payment.productName;

  // Back from the payment app (or another tab): the order's status at once, not at the next poll.
  const { refetch } = order;
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'hidden' || finished.current) return;
      void refetch();
    };
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    window.addEventListener('pageshow', check);
    return () => {
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
      window.removeEventListener('pageshow', check);
    };
  }, [refetch]);

  const status = order.data?.status;
  useEffect(() => {
    if (status !== 'paid' || finished.current) return;
    finished.current = true;
    onClose();
    activatePlan(client, () => notifyPaid(payment.orderId, navigate));
  }, [status, client, onClose, navigate, payment.orderId]);

  const cancelOrder = () => {
    if (finished.current) return;
    finished.current = true;
    cancel.mutate({ orderId: payment.orderId, reason: 'cancelled' });
    onClose();
  };

  // The QR code has expired: the order goes with it.
  const expired = remaining === 0;
  const { mutate: cancelMutate } = cancel;
  useEffect(() => {
    if (!expired || finished.current) return;
    finished.current = true;
    cancelMutate({ orderId: payment.orderId, reason: 'expired' });
    onClose();
  }, [expired, cancelMutate, payment.orderId, onClose]);

  return (
    <Modal
      opened
      onClose={cancelOrder}
      title={payment.upgradePricing ? t('card.scanToUpgrade') : t('card.scanToPay')}
      centered
      size="sm"
      closeOnClickOutside={false}
    >
      <Stack gap="sm">
        {onChangeMethod && (
          <PaymentMethodChoice
            methods={methods}
            value={payment.paymentMethod}
            onChange={(next) => {
              if (next !== payment.paymentMethod && !switching) onChangeMethod(next);
            }}
            disabled={switching}
          />
        )}
        {phone && payment.mobileUrl && (
          <Button
            component="a"
            href={payment.mobileUrl}
            size="lg"
            mih={48}
            fullWidth
            color={method ? METHOD_COLOURS[method.id] : undefined}
          >
            {method ? openAppLabel(method) : t('modal.openPaymentApp')}
          </Button>
        )}
        {phone && !payment.mobileUrl && (
          <Alert variant="light" color="blue" p="xs">
            <Text size="sm">
              {t('modal.phoneHowTo', {
                app: method ? appName(method) : t('modal.yourPaymentApp'),
              })}
            </Text>
          </Alert>
        )}
        <Center>
          <PaymentQr value={payment.qrImage} saveable={phone && !payment.mobileUrl} />
        </Center>
        <Text size="sm" c="dimmed" ta="center">
          {method ? localized(method.scanWith) : t('modal.scanWithAnyApp')}
        </Text>
        <Stack gap={4}>
          <Row label={t('modal.product')} value={product} />
          <Row label={t('modal.amount')} value={formatYuan(payment.amount)} strong />
          <Row label={t('modal.orderNumber')} value={payment.orderId} />
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {t('modal.timeLeft')}
            </Text>
            <Text size="sm" fw={600} ff="monospace" role="timer" aria-label={t('modal.timeLeft')}>
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
          {t('modal.cancel')}
        </Button>
      </Stack>
    </Modal>
  );
}
