import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The two downloads; their texts are console:downloads.<key>.{title,description,label}. */
export const DOWNLOADS = [
  { key: 'plugin', href: '/api/wp-updates/plugins/download/visual-editor' },
  { key: 'theme', href: '/api/wp-updates/themes/download/minimal-theme' },
] as const;

/** Dashboard block 3 (docs/product.md#screens): the plugin and theme downloads. */
export function DownloadsBlock() {
  const { t } = useTranslation('console');
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="downloads-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="downloads-title">
          {t('downloads.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {DOWNLOADS.map((item) => (
            <Paper key={item.key} withBorder p="md" radius="md">
              <Stack gap="xs" align="flex-start" h="100%" justify="space-between">
                <Stack gap={4}>
                  <Title order={3} fz="md">
                    {item.key === 'plugin'
                      ? t('downloads.plugin.title')
                      : t('downloads.theme.title')}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {item.key === 'plugin'
                      ? t('downloads.plugin.description')
                      : t('downloads.theme.description')}
                  </Text>
                </Stack>
                <Button component="a" href={item.href} download variant="light">
                  {item.key === 'plugin' ? t('downloads.plugin.label') : t('downloads.theme.label')}
                </Button>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
