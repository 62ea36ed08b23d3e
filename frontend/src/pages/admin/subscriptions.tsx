import { Button, Container, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PreloadLink } from '../../components/PreloadLink';
import { SubscriptionOverview } from '../../features/subscriptions/components/SubscriptionOverview';
import { usePageTitle } from '../../lib/use-page-title';

/** The page's catalogue (src/locales/<language>/adminSubscriptions.json), loaded with its code. */
export const namespaces = ['adminSubscriptions'];

/** /admin/subscriptions (docs/product.md#screens Admin routes): the subscription overview. Guarded by RequireRole role="admin". */
export default function SubscriptionsPage() {
  const { t } = useTranslation('adminSubscriptions');
  usePageTitle(t('title'));
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1}>{t('title')}</Title>
          <Button component={PreloadLink} to="/admin/subscriptions/discounts" variant="light">
            {t('discounts')}
          </Button>
        </Group>
        <SubscriptionOverview />
      </Stack>
    </Container>
  );
}
