import { Container, Stack, Title } from '@mantine/core';
import { OrderList } from '../features/orders/components/OrderList';
import { usePageTitle } from '../lib/use-page-title';

/** /orders (docs/product.md#screens): order history. Guarded by RequireSession. */
export default function OrdersPage() {
  usePageTitle('Orders');
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Orders</Title>
        <OrderList />
      </Stack>
    </Container>
  );
}
