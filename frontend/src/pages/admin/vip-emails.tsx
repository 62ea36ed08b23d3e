import { PagePlaceholder } from '../../components/PagePlaceholder';

/** /admin/vip-emails (spec §2 Admin routes). Guarded by RequireRole role="admin". */
export default function VipEmailsPage() {
  return <PagePlaceholder title="VIP management" />;
}
