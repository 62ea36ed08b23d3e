import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';

export const DOWNLOADS = [
  {
    key: 'plugin',
    title: 'visual editor plugin',
    description:
      'Edit pages as pure HTML with a live preview, dynamic templates and an AI assistant.',
    href: '/api/wp-updates/plugins/download/visual-editor',
    label: 'download plugin',
  },
  {
    key: 'theme',
    title: 'minimal theme',
    description: 'A minimal, responsive theme built on Tailwind CSS, updated automatically.',
    href: '/api/wp-updates/themes/download/minimal-theme',
    label: 'download theme',
  },
] as const;

/** Dashboard block 3 (docs/product.md#screens): the plugin and theme downloads. */
export function DownloadsBlock() {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="downloads-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="downloads-title">
          downloads
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {DOWNLOADS.map((item) => (
            <Paper key={item.key} withBorder p="md" radius="md">
              <Stack gap="xs" align="flex-start" h="100%" justify="space-between">
                <Stack gap={4}>
                  <Title order={3} fz="md">
                    {item.title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {item.description}
                  </Text>
                </Stack>
                <Button component="a" href={item.href} download variant="light">
                  {item.label}
                </Button>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
