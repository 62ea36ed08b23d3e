import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { SafeMarkdown } from '../../../components/SafeMarkdown';
import { DEFAULT_SECTION, docsPath, PLACEHOLDER_TEXT, type DocSection } from '../sections';

/** One section: its title, then its Markdown, or the placeholder while it is being written. */
export function DocsArticle({ section }: { section: DocSection }) {
  return (
    <Stack component="article" gap="lg" aria-labelledby="doc-title">
      <Title order={1} id="doc-title" fz={{ base: 28, sm: 34 }}>
        {section.title}
      </Title>
      {section.content ? (
        <SafeMarkdown>{section.content}</SafeMarkdown>
      ) : (
        <Text c="gray.7" size="lg">
          {PLACEHOLDER_TEXT}
        </Text>
      )}
    </Stack>
  );
}

/** An unknown slug in the URL: say so, and offer the introduction. */
export function DocsNotFound({ slug }: { slug: string }) {
  return (
    <Stack gap="md" aria-labelledby="doc-title">
      <Title order={1} id="doc-title" fz={{ base: 28, sm: 34 }}>
        未找到该文档
      </Title>
      <Text>
        没有名为 <code>{slug}</code> 的章节，它可能已被移动或重命名。
      </Text>
      <Anchor component={Link} to={docsPath(DEFAULT_SECTION)}>
        返回「介绍」
      </Anchor>
    </Stack>
  );
}
