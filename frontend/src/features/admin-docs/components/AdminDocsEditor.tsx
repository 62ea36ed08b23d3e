import {
  Alert,
  Button,
  Grid,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownPreview } from '../../../components/MarkdownPreview';
import { describeError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../lib/i18n';
import { useLeaveGuard } from '../../../lib/navigation-guard';
import { DEFAULT_SECTION, DOC_GROUPS } from '../../../lib/doc-sections';
import { useAdminDocsSection, useSaveDocsSection } from '../api/admin-docs';

/** The server's limit on one section's Markdown (backend docs-rules.ts). */
export const DOCS_MARKDOWN_MAX = 100_000;

/**
 * /admin/docs (docs/product.md, back office: docs): pick a section and a language, edit its Markdown
 * beside the same safe preview as the quiz bank, save. Empty Markdown: the page shows the placeholder.
 * With unsaved changes, switching section or language, any in-app navigation and leaving the page ask
 * first (lib/navigation-guard.ts; the browser's own question on reload or close).
 */
export function AdminDocsEditor() {
  const { t } = useTranslation('admin-docs');
  const [slug, setSlug] = useState(DEFAULT_SECTION);
  const [lang, setLang] = useState<Language>('zh-CN');
  const query = useAdminDocsSection(slug, lang);
  const save = useSaveDocsSection();
  const [draft, setDraft] = useState<string | null>(null);

  // A freshly loaded section replaces the draft.
  useEffect(() => {
    setDraft(query.data ? query.data.markdown : null);
    save.reset();
  }, [query.data]);

  const sectionOptions = DOC_GROUPS.map((group) => ({
    group: t(`docs:groups.${group.id}`),
    items: group.sections.map((s) => ({ value: s.slug, label: t(`docs:sections.${s.slug}`) })),
  }));
  const text = draft ?? '';
  const changed = query.data !== undefined && draft !== null && draft !== query.data.markdown;
  const tooLong = text.length > DOCS_MARKDOWN_MAX;

  // What happens on "leave": a switch of section or language, or a navigation held back.
  const [pendingLeave, setPendingLeave] = useState<(() => void) | null>(null);
  const askFirst = (leave: () => void) => setPendingLeave(() => leave);
  useLeaveGuard(changed, askFirst);
  const unlessUnsaved = (go: () => void) => (changed ? askFirst(go) : go());
  const leave = () => {
    const go = pendingLeave;
    setPendingLeave(null);
    go?.();
  };

  return (
    <Stack gap="md">
      <Modal
        opened={pendingLeave !== null}
        onClose={() => setPendingLeave(null)}
        title={t('leave.title')}
      >
        <Stack gap="md">
          <Text size="sm">{t('leave.text')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPendingLeave(null)} data-autofocus>
              {t('leave.stay')}
            </Button>
            <Button color="red" onClick={leave}>
              {t('leave.leave')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Group align="flex-end" gap="md">
        <Select
          label={t('section')}
          data={sectionOptions}
          value={slug}
          onChange={(value) => value && value !== slug && unlessUnsaved(() => setSlug(value))}
          allowDeselect={false}
          w={260}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="admin-docs-language">
            {t('language')}
          </Text>
          <SegmentedControl
            aria-labelledby="admin-docs-language"
            value={lang}
            onChange={(value) => unlessUnsaved(() => setLang(value as Language))}
            data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          />
        </Stack>
      </Group>

      {query.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">{t('loading')}</Text>
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
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {query.data.updatedBy
              ? t('savedBy', {
                  when: formatDateTime(query.data.updatedAt),
                  who: query.data.updatedBy,
                })
              : t('seeded')}
          </Text>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Textarea
                label={t('markdown')}
                description={t('markdownHelp')}
                value={text}
                onChange={(e) => setDraft(e.currentTarget.value)}
                rows={20}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                error={
                  tooLong
                    ? t('tooLong', { max: DOCS_MARKDOWN_MAX })
                    : save.error
                      ? describeError(save.error)
                      : undefined
                }
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <MarkdownPreview
                label={t('preview')}
                title={t('preview')}
                source={text}
                empty={t('docs:placeholder')}
              />
            </Grid.Col>
          </Grid>
          <Group>
            <Button
              onClick={() => save.mutate({ slug, lang, markdown: text })}
              loading={save.isPending}
              disabled={!changed || tooLong}
            >
              {t('save')}
            </Button>
            {changed && (
              <Text size="sm" c="dimmed">
                {t('unsaved')}
              </Text>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
