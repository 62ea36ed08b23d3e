import { PagePlaceholder } from '../components/PagePlaceholder';

/** /dashboard (spec §2): activation code, licence seats and downloads. Guarded by RequireSession. */
export default function DashboardPage() {
  return <PagePlaceholder title="Console" />;
}
