import { describe, expect, it } from 'vitest';
import { tr } from '../../../test/i18n';
import { render, screen } from '../../../test/render';
import { ORDER_STATUS_COLOURS, OrderStatusBadge } from './OrderStatusBadge';

const STATUSES = ['paid', 'pending', 'failed', 'cancelled', 'expired', 'refunded'] as const;

describe('OrderStatusBadge', () => {
  it('colours each status as the spec says', () => {
    expect(ORDER_STATUS_COLOURS).toEqual({
      paid: 'green',
      pending: 'yellow',
      failed: 'red',
      cancelled: 'gray',
      expired: 'orange',
      refunded: 'indigo',
    });
  });

  it('labels each status in en as the spec says, and in zh-CN', () => {
    expect(STATUSES.map((s) => tr('en', `orders:status.${s}`))).toEqual([
      'Paid',
      'Pending',
      'Failed',
      'Cancelled',
      'Expired',
      'Refunded',
    ]);
    expect(STATUSES.map((s) => tr('zh-CN', `orders:status.${s}`))).toEqual([
      '已支付',
      '待支付',
      '失败',
      '已取消',
      '已过期',
      '已退款',
    ]);
  });

  it('shows the label in the active language, and an unknown status as it is', () => {
    render(
      <>
        <OrderStatusBadge status="refunded" />
        <OrderStatusBadge status={'on-hold' as never} />
      </>,
    );
    expect(screen.getByText('Refunded')).toBeInTheDocument();
    expect(screen.getByText('on-hold')).toBeInTheDocument();
  });
});
