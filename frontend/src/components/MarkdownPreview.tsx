import { Paper, Text, type MantineSize } from '@mantine/core';
import { SafeMarkdown } from './SafeMarkdown';

export interface MarkdownPreviewProps {
  /** The box's accessible name (which field it previews). */
  label: string;
  /** The small heading above the rendering ('Preview'). */
  title: string;
  /** The Markdown being written. */
  source: string;
  /** Shown while the source is blank. */
  empty: string;
  /** The rendering's font size (the release form's changelog is smaller); the theme's default else. */
  size?: MantineSize;
  /** The box's height ('100%' to match the editor beside it). */
  h?: string;
}

/**
 * A live, safe rendering of a Markdown field beside its editor (the quiz bank, the docs editor, the
 * release changelog): exactly what readers will see (SafeMarkdown), or a dimmed text while it is blank.
 */
export function MarkdownPreview({ label, title, source, empty, size, h }: MarkdownPreviewProps) {
  return (
    <Paper withBorder radius="sm" p="sm" h={h} bg="var(--mantine-color-gray-0)" aria-label={label}>
      <Text size="xs" c="dimmed" mb={4}>
        {title}
      </Text>
      {source.trim() ? (
        <SafeMarkdown fz={size}>{source}</SafeMarkdown>
      ) : (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
    </Paper>
  );
}
