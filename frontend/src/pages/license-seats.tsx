import type { Tier } from '@seatkeeper/domain';
import { AiSettingsButton } from '../features/ai-config/components/AiSettingsButton';
import { LicenseSeatsBlock } from '../features/licenses/components/LicenseSeatsBlock';
import { PlanPurchaseButton } from '../features/plans/components/PlanPurchaseButton';

/** The seat block's purchase, where the downloads block sends a customer without a seat. */
export const SEAT_PURCHASE_ID = 'seat-purchase';

/**
 * The console's seat block as the page composes it: the licenses feature's seat table, with the plans
 * feature's purchase button and the ai-config feature's settings button in each seat row.
 */
export function LicenseSeats({
  isVip = false,
  buy = null,
}: {
  isVip?: boolean;
  /** A plan a link asked to buy (/dashboard?buy=pro): the purchase opens with it chosen. */
  buy?: Tier | null;
}) {
  return (
    <LicenseSeatsBlock
      renderPurchase={(currentTier) => (
        <div id={SEAT_PURCHASE_ID}>
          <PlanPurchaseButton currentTier={currentTier} isVip={isVip} preselect={buy} />
        </div>
      )}
      renderSettings={(license) => <AiSettingsButton license={license} />}
    />
  );
}
