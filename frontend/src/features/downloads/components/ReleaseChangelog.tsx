// A part of the console loaded on demand, whose first screen loads only part of Mantine's sheet (styles/shell.ts).
import '../../../styles/full';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SafeMarkdown } from '../../../components/SafeMarkdown';

/**
 * A release's changelog (Markdown from the admin's upload or the seed manifest), rendered inert by
 * SafeMarkdown. In its own chunk with the Markdown reader, loaded when the customer opens it, so the
 * console's first screen carries neither.
 */
export default function ReleaseChangelog({ changelog }: { changelog: string }) {
  const { t } = useTranslation('console');
  if (!changelog.trim())
    return (
      <Text size="sm" c="dimmed">
        {t('downloads.noChangelog')}
      </Text>
    );
  return <SafeMarkdown fz="sm">{changelog}</SafeMarkdown>;
}
