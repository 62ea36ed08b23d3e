import { PagePlaceholder } from '../components/PagePlaceholder';

/** /orders (spec §2): order history. Guarded by RequireSession. */
export default function OrdersPage() {
  return <PagePlaceholder title="Orders" />;
}
