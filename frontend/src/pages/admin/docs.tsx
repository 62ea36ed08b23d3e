import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminDocsEditor } from '../../features/admin-docs/components/AdminDocsEditor';
import { usePageTitle } from '../../lib/use-page-title';

/** The page's catalogues (its own, and docs for the section titles), loaded with its code. */
export const namespaces = ['admin-docs', 'docs'];

/** /admin/docs (docs/product.md, back office: docs). Guarded by RequireRole role="admin". */
export default function AdminDocsPage() {
  const { t } = useTranslation('admin-docs');
  usePageTitle(t('title'));
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
        <AdminDocsEditor />
      </Stack>
    </Container>
  );
}
