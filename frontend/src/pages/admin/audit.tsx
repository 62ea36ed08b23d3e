import { PagePlaceholder } from '../../components/PagePlaceholder';

/** /admin/audit: admin changes and automatic grants (beyond the spec). Guarded by RequireRole role="admin". */
export default function AuditPage() {
  return <PagePlaceholder title="Audit log" />;
}
