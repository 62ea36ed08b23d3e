import { Container, Stack, Title } from '@mantine/core';
import { AdminOrders } from '../../features/admin-orders/components/AdminOrders';
import { usePageTitle } from '../../lib/use-page-title';

/** /admin/orders (docs/product.md, back office): every order, its detail and refunds. Guarded by RequireRole role="admin". */
export default function AdminOrdersPage() {
  usePageTitle('Orders');
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Title order={1}>Orders</Title>
        <AdminOrders />
      </Stack>
    </Container>
  );
}
