import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WebhookEndpoints } from '../../features/admin-webhooks/components/WebhookEndpoints';
import { usePageTitle } from '../../lib/use-page-title';

/** The page's catalogues (src/locales/<language>/adminWebhooks.json), loaded with its code. */
export const namespaces = ['adminWebhooks', 'errors'];

/** /admin/webhooks (docs/webhooks.md): webhook endpoints and chat robots. Guarded by RequireRole role="admin". */
export default function AdminWebhooksPage() {
  const { t } = useTranslation('adminWebhooks');
  usePageTitle(t('title'));
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <WebhookEndpoints />
      </Stack>
    </Container>
  );
}
