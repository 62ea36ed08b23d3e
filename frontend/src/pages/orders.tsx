import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OrderList } from '../features/orders/components/OrderList';
import { usePageTitle } from '../lib/use-page-title';

/** The page's catalogue (src/locales/<language>/orders.json), loaded with its code. */
export const namespaces = ['orders'];

/** /orders (docs/product.md#screens): order history. Guarded by RequireSession. */
export default function OrdersPage() {
  const { t } = useTranslation('orders');
  usePageTitle(t('title'));
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <OrderList />
      </Stack>
    </Container>
  );
}
