import { PagePlaceholder } from '../../components/PagePlaceholder';

/** /admin/subscriptions (spec §2 Admin routes). Guarded by RequireRole role="admin". */
export default function SubscriptionsPage() {
  return <PagePlaceholder title="subscription management" />;
}
