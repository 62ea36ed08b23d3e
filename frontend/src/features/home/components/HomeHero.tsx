import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PreloadLink } from '../../../components/PreloadLink';

/** The first screen: what the product is, and the ways in (console, docs, pricing). */
export function HomeHero() {
  const { t } = useTranslation('home');
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      py={{ base: 56, sm: 96 }}
      style={{
        background:
          'linear-gradient(180deg, var(--mantine-color-blue-0) 0%, var(--mantine-color-white) 100%)',
      }}
    >
      <Container size="md" px={{ base: 'md', sm: 'xl' }}>
        <Stack align="center" gap="lg" ta="center">
          <Text size="sm" fw={600} c="blue.9">
            {t('hero.eyebrow')}
          </Text>
          <Title order={1} id="hero-title" fz={{ base: 32, sm: 48 }} lh={1.2}>
            {t('hero.title')}
          </Title>
          <Text size="lg" c="gray.8" maw={640}>
            {t('hero.lead')}
          </Text>
          <Group justify="center" gap="md">
            <Button component={PreloadLink} to="/dashboard" size="md">
              {t('hero.primary')}
            </Button>
            <Button component={PreloadLink} to="/docs" size="md" variant="default">
              {t('hero.secondary')}
            </Button>
            <Button component={PreloadLink} to="/pricing" size="md" variant="default">
              {t('hero.pricing')}
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
