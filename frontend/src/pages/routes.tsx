import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EndpointCard } from '../features/api-routes/components/EndpointCard';
import { API_DOCS_URL, ENDPOINTS } from '../features/api-routes/endpoints';
import { appConfig } from '../lib/config';
import { usePageTitle } from '../lib/use-page-title';

/** The page's catalogue (src/locales/<language>/routes.json), loaded with its code. */
export const namespaces = ['routes'];

/** /routes (docs/product.md#screens): the API endpoints the product exposes, and a link to the interactive docs. */
export default function RoutesPage() {
  const { t } = useTranslation('routes');
  usePageTitle(t('title'));
  return (
    <Container size="md" py="xl" px={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t('title')}</Title>
          <Text c="gray.7">
            {t('intro')}{' '}
            <Text span ff="monospace" fz="sm">
              {'{ statusCode, error, message }'}
            </Text>
            .
          </Text>
          {/* Served by the server, not the app: a plain link, so the browser loads it. Not where the
              server keeps the interactive docs off (production without API_DOCS, docs/security.md). */}
          {appConfig.apiDocs !== false && (
            <Text>
              <Anchor href={API_DOCS_URL} fw={600}>
                {t('fullDocs', { url: API_DOCS_URL })}
              </Anchor>
            </Text>
          )}
        </Stack>
        {ENDPOINTS.map((endpoint) => (
          <EndpointCard key={endpoint.id} endpoint={endpoint} />
        ))}
      </Stack>
    </Container>
  );
}
