import { Box, Button, Center, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { usePlans } from '../../../lib/api/plans';
import { pricingPlans } from '../plans';
import { PricingCard } from './PricingCard';

/**
 * The plans from GET /api/plans (public; with a session it also says where each stands for the
 * customer): loading, error with retry, empty, or one card per plan on sale.
 */
export function PricingPlans({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('pricing');
  const query = usePlans();

  if (query.isPending) {
    // As tall as the screen, so the notes below do not jump when the cards arrive (layout shift).
    return (
      <Center mih="100vh" role="status" aria-live="polite" style={{ alignItems: 'flex-start' }}>
        <Loader aria-hidden mt="xl" />
        <VisuallyHidden>{t('loading')}</VisuallyHidden>
      </Center>
    );
  }
  if (query.isError && !query.data) {
    return (
      <Stack align="center" gap="sm" py="xl">
        <LoadError error={query.error} />
        <Button variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('common:actions.retry')}
        </Button>
      </Stack>
    );
  }
  const plans = pricingPlans(query.data.plans);
  if (plans.length === 0) {
    return (
      <Text c="gray.7" ta="center" py="xl">
        {t('empty')}
      </Text>
    );
  }
  return (
    <Box
      component="ul"
      aria-label={t('plansLabel')}
      m={0}
      p={0}
      style={{
        listStyle: 'none',
        display: 'grid',
        gap: 'var(--mantine-spacing-lg)',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 280px), 1fr))',
      }}
    >
      {plans.map((plan) => (
        <PricingCard key={plan.key} plan={plan} signedIn={signedIn} />
      ))}
    </Box>
  );
}
