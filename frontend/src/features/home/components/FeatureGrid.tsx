import { Box, Stack, Text, Title } from '@mantine/core';
import type { Feature } from '../content';
import { CardGrid } from './CardGrid';
import { FeatureIcon } from './FeatureIcon';

/** Feature cards: one column on phones, two on tablets, three on wide screens. */
export function FeatureGrid({ features }: { features: Feature[] }) {
  return (
    <CardGrid min={280}>
      {features.map((feature) => (
        <Box
          key={feature.title}
          component="li"
          bd="1px solid var(--mantine-color-gray-3)"
          bdrs="md"
          bg="white"
          p="lg"
        >
          <Stack gap="sm">
            <FeatureIcon name={feature.icon} />
            <Title order={3} fz="lg" lh={1.4}>
              {feature.title}
            </Title>
            <Text c="gray.7" lh={1.7}>
              {feature.description}
            </Text>
          </Stack>
        </Box>
      ))}
    </CardGrid>
  );
}
