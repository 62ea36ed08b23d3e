import { Container, Stack, Text, Title } from '@mantine/core';
import { GenerationTester } from '../features/ai-generate/components/GenerationTester';
import { usePageTitle } from '../lib/use-page-title';

/** /test (docs/product.md#screens): developer test page for AI generation. Open to everyone; sending needs a session. */
export default function TestPage() {
  usePageTitle('AI Generation Test');
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>AI Generation Test</Title>
          <Text c="dimmed">developer test page for AI generation</Text>
        </Stack>
        <GenerationTester />
      </Stack>
    </Container>
  );
}
