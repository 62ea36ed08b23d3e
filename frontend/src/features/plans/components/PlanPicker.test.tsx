import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch';
import { makePlans } from '../../../test/plans';
import { setTestLanguage } from '../../../test/i18n';
import { createTestQueryClient, render, screen } from '../../../test/render';
import type { PlansResponse } from '../../../lib/api/plans';
import { PlanPicker, visiblePlans } from './PlanPicker';
import { plansQueryKey } from '../../../lib/api/query-keys';

function renderPicker(plans: PlansResponse, isVipHolder = false) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(plansQueryKey, plans);
  mockFetch(() => new Promise<Response>(() => {}));
  return render(
    <PlanPicker
      opened
      onClose={vi.fn()}
      isVipHolder={isVipHolder}
      promoCode=""
      onPromoCodeChange={vi.fn()}
      onChoose={vi.fn()}
      pendingTier={null}
    />,
    { queryClient },
  );
}

describe('visiblePlans', () => {
  it('keeps public plans in rank order and the VIP plan only for VIP holders', () => {
    const { plans } = makePlans(null);
    const reversed = [...plans].reverse();
    expect(visiblePlans(reversed, false).map((p) => p.key)).toEqual(['basic', 'pro', 'ultra']);
    expect(visiblePlans(reversed, true).map((p) => p.key)).toEqual([
      'basic',
      'vip',
      'pro',
      'ultra',
    ]);
  });
});

describe('PlanPicker', () => {
  it("shows 'no plans available, contact the admin' when there is no plan to show", () => {
    const answer = makePlans(null);
    renderPicker({ ...answer, plans: answer.plans.filter((p) => p.key === 'vip') });
    expect(screen.getByText('no plans available, contact the admin')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByLabelText('promo code')).toBeInTheDocument();
  });

  it('shows the same for an empty catalogue', () => {
    renderPicker({ currentTier: null, plans: [] }, true);
    expect(screen.getByText('no plans available, contact the admin')).toBeInTheDocument();
  });

  it('speaks Chinese in zh-CN: title, promo code field, empty state', async () => {
    await setTestLanguage('zh-CN');
    renderPicker({ currentTier: null, plans: [] }, true);
    expect(screen.getByRole('dialog', { name: '购买或升级套餐' })).toBeInTheDocument();
    expect(screen.getByLabelText('优惠码')).toBeInTheDocument();
    expect(screen.getByText('暂无可用套餐，请联系管理员')).toBeInTheDocument();
  });

  it('words the cards in zh-CN: price term, seats, badges, buttons', async () => {
    await setTestLanguage('zh-CN');
    renderPicker(makePlans(null));
    const [basic, pro, max] = screen.getAllByRole('article');
    expect(basic).toHaveTextContent('永久');
    expect(basic).toHaveTextContent('1 个座位');
    // The seller's description and badge from the API, in Chinese.
    expect(basic).toHaveTextContent('个人站点的入门之选');
    expect(pro).toHaveTextContent('扫码支付');
    expect(max).toHaveTextContent('限时优惠');
    expect(max).toHaveTextContent('最多 100 个座位');
    expect(screen.queryByText(/scan to|lifetime|seats?\b/)).toBeNull();
  });

  it('shows a loader while the plans load', () => {
    mockFetch(() => new Promise<Response>(() => {}));
    render(
      <PlanPicker
        opened
        onClose={vi.fn()}
        isVipHolder={false}
        promoCode=""
        onPromoCodeChange={vi.fn()}
        onChoose={vi.fn()}
        pendingTier={null}
      />,
    );
    expect(screen.getByLabelText('loading plans')).toBeInTheDocument();
  });
});
