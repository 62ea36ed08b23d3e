import { Badge, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { Endpoint, HttpMethod } from '../endpoints';

const METHOD_COLOUR: Record<HttpMethod, string> = { GET: 'green', POST: 'blue' };

/** Renders `code` spans written with backticks in the endpoint texts. */
function WithCode({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/(`[^`]+`)/)
        .map((part, index) =>
          part.startsWith('`') && part.endsWith('`') ? (
            <Code key={index}>{part.slice(1, -1)}</Code>
          ) : (
            part
          ),
        )}
    </>
  );
}

/** One endpoint: method and path, what it does, who may call it, its parameters and an example. */
export function EndpointCard({ endpoint }: { endpoint: Endpoint }) {
  const titleId = `endpoint-${endpoint.id}`;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Stack gap="md">
        <Stack gap={6}>
          <Group gap="sm" wrap="wrap">
            <Badge color={METHOD_COLOUR[endpoint.method]} variant="light" radius="sm" size="lg">
              {endpoint.method}
            </Badge>
            <Code fz="md" style={{ wordBreak: 'break-all' }}>
              {endpoint.path}
            </Code>
            {endpoint.auth ? (
              <Badge color="orange" variant="light">
                requires authentication
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                public
              </Badge>
            )}
          </Group>
          <Title order={2} id={titleId} fz="xl">
            {endpoint.title}
          </Title>
          <Text>{endpoint.description}</Text>
          {endpoint.auth && (
            <Text size="sm">
              <Text span fw={600}>
                Authentication:{' '}
              </Text>
              <WithCode text={endpoint.auth} />
            </Text>
          )}
        </Stack>

        {endpoint.params.length > 0 && (
          <Stack gap={6}>
            <Title order={3} fz="md">
              {endpoint.method === 'GET' ? 'Query parameters' : 'Request body (JSON)'}
            </Title>
            <List spacing={4} size="sm">
              {endpoint.params.map((param) => (
                <List.Item key={param.name}>
                  <Code>{param.name}</Code> {param.description}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}

        <Stack gap={6}>
          <Title order={3} fz="md">
            Example response{' '}
            <Text span c="gray.7" fz="sm" fw={400}>
              ({endpoint.example.status})
            </Text>
          </Title>
          <Code block fz="sm">
            {JSON.stringify(endpoint.example.body, null, 2)}
          </Code>
        </Stack>

        {endpoint.errors && (
          <Stack gap={6}>
            <Title order={3} fz="md">
              Errors
            </Title>
            <List spacing={4} size="sm">
              {endpoint.errors.map((error) => (
                <List.Item key={error}>{error}</List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
