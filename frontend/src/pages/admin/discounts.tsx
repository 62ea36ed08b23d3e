import { PagePlaceholder } from '../../components/PagePlaceholder';

/** /admin/subscriptions/discounts (spec §2 Admin routes). Guarded by RequireRole role="admin". */
export default function DiscountsPage() {
  return <PagePlaceholder title="discount codes" />;
}
