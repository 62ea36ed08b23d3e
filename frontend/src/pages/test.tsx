import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GenerationTester } from '../features/ai-generate/components/GenerationTester';
import { usePageTitle } from '../lib/use-page-title';

/** The page's catalogue (src/locales/<language>/ai.json), loaded with its code. */
export const namespaces = ['ai'];

/** /test (docs/product.md#screens): developer test page for AI generation. Open to everyone; sending needs a session. */
export default function TestPage() {
  const { t } = useTranslation('ai');
  usePageTitle(t('generate.title'));
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('generate.title')}</Title>
          <Text c="dimmed">{t('generate.intro')}</Text>
        </Stack>
        <GenerationTester />
      </Stack>
    </Container>
  );
}
