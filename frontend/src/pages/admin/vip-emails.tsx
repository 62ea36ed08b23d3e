import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VipManagement } from '../../features/vip-emails/components/VipManagement';
import { usePageTitle } from '../../lib/use-page-title';

/** The page's catalogues (src/locales/<language>/adminVip.json; errors for a batch's reasons), loaded with its code. */
export const namespaces = ['adminVip', 'errors'];

/** /admin/vip-emails (docs/product.md#screens Admin routes): the VIP e-mail list. Guarded by RequireRole role="admin". */
export default function VipEmailsPage() {
  const { t } = useTranslation('adminVip');
  usePageTitle(t('title'));
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <VipManagement />
      </Stack>
    </Container>
  );
}
