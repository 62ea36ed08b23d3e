import { Container, Stack, Title } from '@mantine/core';
import { AuditLog } from '../../features/audit/components/AuditLog';
import { usePageTitle } from '../../lib/use-page-title';

/** /admin/audit: admin changes and automatic grants (beyond the spec). Guarded by RequireRole role="admin". */
export default function AuditPage() {
  usePageTitle('Audit log');
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>Audit log</Title>
        <AuditLog />
      </Stack>
    </Container>
  );
}
