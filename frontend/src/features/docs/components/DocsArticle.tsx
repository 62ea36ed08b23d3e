import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SafeMarkdown } from '../../../components/SafeMarkdown';
import { describeError } from '../../../lib/errors';
import { useLanguage } from '../../../lib/i18n';
import { useDocsSection } from '../api/get-docs-section';
import { DEFAULT_SECTION, docsPath, type DocSection } from '../../../lib/doc-sections';

/**
 * One section: its title, then its Markdown in the active language as the seller last saved it (read
 * from the API, edited at /admin/docs), or the placeholder while it is being written
 * (docs/product.md#screens: 'content is being written' in en, its Chinese in zh-CN).
 */
export function DocsArticle({ section }: { section: DocSection }) {
  const { t } = useTranslation('docs');
  const language = useLanguage();
  const query = useDocsSection(section.slug, language);
  return (
    <Stack component="article" gap="lg" aria-labelledby="doc-title" aria-busy={query.isPending}>
      <Title order={1} id="doc-title" fz={{ base: 28, sm: 34 }}>
        {t(`sections.${section.slug}`)}
      </Title>
      {query.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text c="gray.7">{t('loading')}</Text>
        </Group>
      ) : query.isError ? (
        <Alert color="red" title={t('loadFailed')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{describeError(query.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : query.data.hasContent ? (
        <SafeMarkdown>{query.data.markdown}</SafeMarkdown>
      ) : (
        <Text c="gray.7" size="lg">
          {t('placeholder')}
        </Text>
      )}
    </Stack>
  );
}

/** An unknown slug in the URL: say so, and offer the introduction. */
export function DocsNotFound({ slug }: { slug: string }) {
  const { t } = useTranslation('docs');
  return (
    <Stack gap="md" aria-labelledby="doc-title">
      <Title order={1} id="doc-title" fz={{ base: 28, sm: 34 }}>
        {t('notFound.title')}
      </Title>
      <Text>
        {t('notFound.before')} <code>{slug}</code> {t('notFound.after')}
      </Text>
      <Anchor component={Link} to={docsPath(DEFAULT_SECTION)}>
        {t('notFound.back', { section: t(`sections.${DEFAULT_SECTION}`) })}
      </Anchor>
    </Stack>
  );
}
