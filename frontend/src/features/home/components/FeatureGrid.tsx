import { Box, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Feature } from '../content';
import { CardGrid } from './CardGrid';
import { FeatureIcon } from './FeatureIcon';

/** Feature cards: one column on phones, two on tablets, three on wide screens; texts from home:<band>.<key>. */
export function FeatureGrid({ band, features }: { band: 'editor' | 'theme'; features: Feature[] }) {
  const { t } = useTranslation('home');
  return (
    <CardGrid min={280}>
      {features.map((feature) => (
        <Box
          key={feature.key}
          component="li"
          bd="1px solid var(--mantine-color-gray-3)"
          bdrs="md"
          bg="white"
          p="lg"
        >
          <Stack gap="sm">
            <FeatureIcon name={feature.icon} />
            <Title order={3} fz="lg" lh={1.4}>
              {t(`${band}.${feature.key}.title`)}
            </Title>
            <Text c="gray.7" lh={1.7}>
              {t(`${band}.${feature.key}.description`)}
            </Text>
          </Stack>
        </Box>
      ))}
    </CardGrid>
  );
}
