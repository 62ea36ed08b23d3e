import { Badge, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('routes');
  const texts = `endpoints.${endpoint.id}`;
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
                {t('requiresAuth')}
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                {t('public')}
              </Badge>
            )}
          </Group>
          <Title order={2} id={titleId} fz="xl">
            {t(`${texts}.title`)}
          </Title>
          <Text>{t(`${texts}.description`)}</Text>
          {endpoint.auth && (
            <Text size="sm">
              <Text span fw={600}>
                {t('authentication')}{' '}
              </Text>
              <WithCode text={t(`${texts}.auth`)} />
            </Text>
          )}
        </Stack>

        {endpoint.params.length > 0 && (
          <Stack gap={6}>
            <Title order={3} fz="md">
              {endpoint.method === 'GET' ? t('queryParams') : t('bodyParams')}
            </Title>
            <List spacing={4} size="sm">
              {endpoint.params.map((param) => (
                <List.Item key={param.name}>
                  <Code>{param.name}</Code> {t(`${texts}.params.${param.name}`)}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}

        <Stack gap={6}>
          <Title order={3} fz="md">
            {t('example')}{' '}
            <Text span c="gray.7" fz="sm" fw={400}>
              ({endpoint.example.status})
            </Text>
          </Title>
          {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too (axe scrollable-region-focusable). */}
          <Code block fz="sm" tabIndex={0}>
            {JSON.stringify(endpoint.example.body, null, 2)}
          </Code>
        </Stack>

        {endpoint.errors && (
          <Stack gap={6}>
            <Title order={3} fz="md">
              {t('errors')}
            </Title>
            <List spacing={4} size="sm">
              {endpoint.errors.map((error) => (
                <List.Item key={error.message}>
                  {error.status}: <Code>{error.message}</Code>
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
