import { Button, Container, Group, Stack, Title } from '@mantine/core';
import { PreloadLink } from '../../components/PreloadLink';
import { SubscriptionOverview } from '../../features/subscriptions/components/SubscriptionOverview';
import { usePageTitle } from '../../lib/use-page-title';

/** /admin/subscriptions (docs/product.md#screens Admin routes): the subscription overview. Guarded by RequireRole role="admin". */
export default function SubscriptionsPage() {
  usePageTitle('subscription management');
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1}>subscription management</Title>
          <Button component={PreloadLink} to="/admin/subscriptions/discounts" variant="light">
            discount codes
          </Button>
        </Group>
        <SubscriptionOverview />
      </Stack>
    </Container>
  );
}
