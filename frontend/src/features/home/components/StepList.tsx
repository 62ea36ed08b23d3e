import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STEPS } from '../content';
import { CardGrid } from './CardGrid';

/** The four steps, as an ordered list; the big numbers are decoration (the list is numbered). */
export function StepList() {
  const { t } = useTranslation('home');
  return (
    <CardGrid ordered min={220}>
      {STEPS.map((step, index) => (
        <Box component="li" key={step}>
          <Group gap="md" align="flex-start" wrap="nowrap">
            <Box
              w={40}
              h={40}
              bg="blue.8"
              c="white"
              fw={700}
              style={{ borderRadius: '50%', display: 'grid', placeItems: 'center', flexShrink: 0 }}
              aria-hidden
            >
              {index + 1}
            </Box>
            <Stack gap={6}>
              <Title order={3} fz="lg" lh={1.4}>
                {t(`steps.${step}.title`)}
              </Title>
              <Text c="gray.7" lh={1.7}>
                {t(`steps.${step}.description`)}
              </Text>
            </Stack>
          </Group>
        </Box>
      ))}
    </CardGrid>
  );
}
