import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { PreloadLink } from '../components/PreloadLink';
import { usePageTitle } from '../lib/use-page-title';

/** Home (spec §2): the hero for now; the marketing sections come with their own issue. */
export default function HomePage() {
  usePageTitle();
  return (
    <Container size="md" py={80}>
      <Stack align="center" gap="lg" ta="center">
        <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.2}>
          为内容管理系统打造的极简工具链
        </Title>
        <Text size="lg" c="gray.8" maw={600}>
          可视化编辑器插件与极简主题：纯 HTML 编辑、实时预览、AI 编辑助手，一次购买，终身授权。
        </Text>
        <Group justify="center" gap="md">
          <Button component={PreloadLink} to="/dashboard" size="md">
            开始使用
          </Button>
          <Button component={PreloadLink} to="/docs" size="md" variant="default">
            查看文档
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
