import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import NotFoundPage from '../../pages/not-found';

/** Shown in place of a page that failed to load or render (a stale chunk after a deploy, a bug). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1}>Something went wrong</Title>
        <Text>The page could not be shown. Reloading usually helps.</Text>
        <Button onClick={() => window.location.reload()}>reload</Button>
      </Stack>
    </Container>
  );
}
