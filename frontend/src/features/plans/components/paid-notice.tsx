import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router-dom';
import { i18n } from '../../../lib/i18n';
import { notifyInfo } from '../../../lib/notify';

/** The order's receipt in the console (docs/payments.md, "Receipts"). */
export const receiptPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;

/** How long the paid toast, which carries the receipt link, stays (other toasts: 4 s). */
export const PAID_NOTICE_MS = 15_000;

/**
 * 'payment succeeded, plan activated' with a link to the order's receipt (docs/payments.md, "Return"); for
 * an order that cost nothing (a code covering the whole price), 'got it free, plan activated' instead, since
 * nothing was paid. The toasts live outside the router, so the link navigates with the router of the page
 * that paid (a plain click stays in the app; a modified click opens the receipt as any link does) and
 * closes the toast.
 */
export function notifyPaid(
  orderId: string,
  navigate: NavigateFunction,
  { free = false }: { free?: boolean } = {},
) {
  const id = `paid-${orderId}`;
  const to = receiptPath(orderId);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    notifications.hide(id);
    void navigate(to);
  };
  notifications.show({
    id,
    // Long enough for a keyboard to reach its link (the toast sits at the end of the page); it stays while
    // hovered, and its close button or a swipe dismisses it.
    autoClose: PAID_NOTICE_MS,
    color: 'teal',
    withBorder: true,
    message: (
      <Stack gap={2} align="flex-start">
        <Text size="sm">{i18n.t(free ? 'plans:activatedFree' : 'plans:activated')}</Text>
        <Anchor href={to} onClick={open} size="sm" fw={600}>
          {i18n.t('plans:viewReceipt')}
        </Anchor>
      </Stack>
    ),
  });
}

/** The order was cancelled (by the customer, or with its expired QR code): nothing was charged. */
export function notifyCancelled(orderId: string, reason: 'cancelled' | 'expired') {
  notifyInfo(
    i18n.t(reason === 'expired' ? 'plans:modal.expired' : 'plans:modal.cancelled', { orderId }),
  );
}
