import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PreloadLink } from '../../../components/PreloadLink';

/** The last band: one more way into the console, and the prices. */
export function ClosingCta() {
  const { t } = useTranslation('home');
  return (
    <Box
      component="section"
      aria-labelledby="closing-title"
      bg="blue.8"
      c="white"
      py={{ base: 56, sm: 80 }}
    >
      <Container size="md" px={{ base: 'md', sm: 'xl' }}>
        <Stack align="center" gap="lg" ta="center">
          <Title order={2} id="closing-title" fz={{ base: 26, sm: 32 }} lh={1.3} c="white">
            {t('closing.title')}
          </Title>
          <Text size="lg" c="white">
            {t('closing.lead')}
          </Text>
          <Group justify="center" gap="md">
            <Button component={PreloadLink} to="/dashboard" size="md" variant="white">
              {t('closing.action')}
            </Button>
            <Button component={PreloadLink} to="/pricing" size="md" variant="outline" color="white">
              {t('closing.pricing')}
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
