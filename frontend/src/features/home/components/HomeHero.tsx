import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { PreloadLink } from '../../../components/PreloadLink';
import { HERO } from '../content';

/** The first screen: what the product is, and the two ways in (console, docs). */
export function HomeHero() {
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
            {HERO.eyebrow}
          </Text>
          <Title order={1} id="hero-title" fz={{ base: 32, sm: 48 }} lh={1.2}>
            {HERO.title}
          </Title>
          <Text size="lg" c="gray.8" maw={640}>
            {HERO.lead}
          </Text>
          <Group justify="center" gap="md">
            <Button component={PreloadLink} to="/dashboard" size="md">
              {HERO.primary}
            </Button>
            <Button component={PreloadLink} to="/docs" size="md" variant="default">
              {HERO.secondary}
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
