import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminPlans } from '../../features/admin-plans/components/AdminPlans';
import { usePageTitle } from '../../lib/use-page-title';

/** The page's catalogue (src/locales/<language>/adminPlans.json), loaded with its code. */
export const namespaces = ['adminPlans'];

/** /admin/plans (docs/product.md, back office: plans and prices). Guarded by RequireRole role="admin". */
export default function AdminPlansPage() {
  const { t } = useTranslation('adminPlans');
  usePageTitle(t('title'));
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
        <AdminPlans />
      </Stack>
    </Container>
  );
}
