import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminDashboard } from '../../features/admin-dashboard/components/AdminDashboard';
import { InstallsOverview } from '../../features/installs/components/InstallsOverview';
import { usePageTitle } from '../../lib/use-page-title';

/** The page's catalogue (src/locales/<language>/adminDashboard.json), loaded with its code. */
export const namespaces = ['adminDashboard'];

/** /admin (docs/product.md, "Dashboard /admin"): the seller's figures and charts. Guarded by RequireRole role="admin". */
export default function AdminDashboardPage() {
  const { t } = useTranslation('adminDashboard');
  usePageTitle(t('title'));
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <AdminDashboard />
        <InstallsOverview />
      </Stack>
    </Container>
  );
}
