import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TokenVerifier } from '../features/verify/components/TokenVerifier';
import { VerifyHelp } from '../features/verify/components/VerifyHelp';
import { usePageTitle } from '../lib/use-page-title';

/** The page's catalogue (src/locales/<language>/verify.json), loaded with its code. */
export const namespaces = ['verify'];

/** /verify (docs/product.md#screens): checks an API token. Open to everyone. */
export default function VerifyPage() {
  const { t } = useTranslation('verify');
  usePageTitle(t('title'));
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        <TokenVerifier />
        <VerifyHelp />
      </Stack>
    </Container>
  );
}
