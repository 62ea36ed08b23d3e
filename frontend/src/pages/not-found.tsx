import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { PreloadLink } from '../components/PreloadLink';
import { usePageTitle } from '../lib/use-page-title';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Container size="sm" py={80}>
      <Stack gap="md" align="center" ta="center">
        <Title order={1}>Page not found</Title>
        <Text>The page you are looking for does not exist or has moved.</Text>
        <Button component={PreloadLink} to="/">
          back to home
        </Button>
      </Stack>
    </Container>
  );
}
