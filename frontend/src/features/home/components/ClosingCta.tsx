import { Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { PreloadLink } from '../../../components/PreloadLink';
import { CLOSING } from '../content';

/** The last band: one more way into the console. */
export function ClosingCta() {
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
            {CLOSING.title}
          </Title>
          <Text size="lg" c="white">
            {CLOSING.lead}
          </Text>
          <Button component={PreloadLink} to="/dashboard" size="md" variant="white">
            {CLOSING.action}
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
