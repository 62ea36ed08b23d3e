import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminReleases } from '../../features/admin-releases/components/AdminReleases';
import { usePageTitle } from '../../lib/use-page-title';

/** The page's catalogue (src/locales/<language>/releases.json), loaded with its code. */
export const namespaces = ['releases'];

/** /admin/releases (docs/wordpress.md, releases managed in the app). Guarded by RequireRole role="admin". */
export default function AdminReleasesPage() {
  const { t } = useTranslation('releases');
  usePageTitle(t('title'));
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
        <AdminReleases />
      </Stack>
    </Container>
  );
}
