import { Box, Stack, Text, Title } from '@mantine/core';
import { PLAN_SEATS } from '@seatkeeper/domain';
import { useTranslation } from 'react-i18next';

/** The VIP plan is not sold: course students on the seller's list get it when they open the console. */
export function VipNote() {
  const { t } = useTranslation('pricing');
  return (
    <Box
      component="section"
      aria-labelledby="vip-title"
      bg="blue.0"
      bdrs="md"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Stack gap="xs">
        <Title order={2} fz="lg" id="vip-title">
          {t('vip.title')}
        </Title>
        <Text lh={1.7}>{t('vip.text', { seats: PLAN_SEATS.vip })}</Text>
      </Stack>
    </Box>
  );
}

const QUESTIONS = ['devSites', 'lifetime', 'refunds'] as const;

/** Questions a buyer asks before paying: development sites, what lifetime means, refunds. */
export function PricingFaq() {
  const { t } = useTranslation('pricing');
  return (
    <Stack component="section" aria-labelledby="faq-title" gap="lg">
      <Title order={2} id="faq-title" fz={{ base: 24, sm: 28 }}>
        {t('faq.title')}
      </Title>
      {QUESTIONS.map((key) => (
        <Stack key={key} gap={6}>
          <Title order={3} fz="md">
            {t(`faq.${key}.q`)}
          </Title>
          <Text c="gray.8" lh={1.7}>
            {t(`faq.${key}.a`)}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
