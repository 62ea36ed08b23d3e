import { Container, Stack, Title } from '@mantine/core';
import { VipManagement } from '../../features/vip-emails/components/VipManagement';
import { usePageTitle } from '../../lib/use-page-title';

/** /admin/vip-emails (docs/product.md#screens Admin routes): the VIP e-mail list. Guarded by RequireRole role="admin". */
export default function VipEmailsPage() {
  usePageTitle('VIP management');
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>VIP management</Title>
        <VipManagement />
      </Stack>
    </Container>
  );
}
