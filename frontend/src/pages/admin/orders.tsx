import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminOrders } from '../../features/admin-orders/components/AdminOrders';
import { usePageTitle } from '../../lib/use-page-title';

/** The page's catalogues (src/locales/<language>/adminOrders.json; adminAudit for the order's audit trail), loaded with its code. */
export const namespaces = ['adminOrders', 'adminAudit'];

/** /admin/orders (docs/product.md, back office): every order, its detail and refunds. Guarded by RequireRole role="admin". */
export default function AdminOrdersPage() {
  const { t } = useTranslation('adminOrders');
  usePageTitle(t('title'));
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <AdminOrders />
      </Stack>
    </Container>
  );
}
