import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PricingPlans } from '../features/pricing/components/PricingPlans';
import { PricingFaq, VipNote } from '../features/pricing/components/PricingNotes';
import { useSession } from '../lib/session';
import { usePageTitle } from '../lib/use-page-title';

/** The page's catalogue (src/locales/<language>/pricing.json), loaded with its code. */
export const namespaces = ['pricing'];

/**
 * /pricing (public, docs/product.md#screens): the plans with their prices and what each includes, Buy
 * (through sign-in when needed) into the console's purchase, the VIP note and the FAQ. Uses only the
 * shell's Mantine styles, like home.
 */
export default function PricingPage() {
  const { t } = useTranslation('pricing');
  usePageTitle(t('title'));
  const session = useSession();
  return (
    <Container size="lg" py={{ base: 'xl', sm: 56 }} px={{ base: 'md', sm: 'xl' }}>
      <Stack gap={48}>
        <Stack gap="sm" align="center" ta="center">
          <Title order={1} fz={{ base: 32, sm: 42 }}>
            {t('title')}
          </Title>
          <Text size="lg" c="gray.7" maw={640}>
            {t('lead')}
          </Text>
        </Stack>
        <PricingPlans signedIn={Boolean(session.data)} />
        <VipNote />
        <Container size="sm" p={0} w="100%">
          <PricingFaq />
        </Container>
      </Stack>
    </Container>
  );
}
