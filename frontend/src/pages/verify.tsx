import { Container, Stack, Text, Title } from '@mantine/core';
import { TokenVerifier } from '../features/verify/components/TokenVerifier';
import { VerifyHelp } from '../features/verify/components/VerifyHelp';
import { usePageTitle } from '../lib/use-page-title';

/** /verify (docs/product.md#screens): checks an API token. Open to everyone. */
export default function VerifyPage() {
  usePageTitle('Token Verification');
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Token Verification</Title>
          <Text c="dimmed">Check whether an API token (activation code) is valid.</Text>
        </Stack>
        <TokenVerifier />
        <VerifyHelp />
      </Stack>
    </Container>
  );
}
