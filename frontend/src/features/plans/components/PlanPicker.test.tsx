import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch';
import { makePlans } from '../../../test/plans';
import { createTestQueryClient, render, screen } from '../../../test/render';
import { plansQueryKey, type PlansResponse } from '../api/get-plans';
import { NO_PLANS, PlanPicker, visiblePlans } from './PlanPicker';

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
    expect(screen.getByText(NO_PLANS)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByLabelText('promo code')).toBeInTheDocument();
  });

  it('shows the same for an empty catalogue', () => {
    renderPicker({ currentTier: null, plans: [] }, true);
    expect(screen.getByText('no plans available, contact the admin')).toBeInTheDocument();
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
