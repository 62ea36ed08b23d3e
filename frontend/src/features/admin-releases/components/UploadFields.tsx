import { FileInput, Grid, Group, Progress, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { RELEASE_CHANGELOG_MAX, RELEASE_VERSION_MAX } from '@seatkeeper/domain';
import { useTranslation } from 'react-i18next';
import { MarkdownPreview } from '../../../components/MarkdownPreview';
import { useLanguage } from '../../../lib/i18n';
import type { ReleaseProduct } from '../api/get-releases';
import type { UploadProgress } from '../api/upload-release';
import { formatBytes, megabytes, type UploadValues } from '../release-rules';

/** What the upload form's fields share: the values, how to change one, and the error shown on one. */
interface FieldsProps {
  values: UploadValues;
  set: <K extends keyof UploadValues>(key: K, value: UploadValues[K]) => void;
  shown: (key: keyof UploadValues) => string | undefined;
}

/** The zip (up to `maxBytes`, in the product's folder). */
export function UploadFileField({
  product,
  maxBytes,
  value,
  error,
  onChange,
}: {
  product: ReleaseProduct;
  maxBytes: number;
  value: File | null;
  error: string | undefined;
  onChange: (file: File | null) => void;
}) {
  const { t } = useTranslation('releases');
  return (
    <FileInput
      label={t('upload.file')}
      description={t('upload.fileHint', {
        folder: `${product.slug}/`,
        max: megabytes(maxBytes),
      })}
      placeholder={t('upload.filePlaceholder')}
      accept=".zip,application/zip"
      value={value}
      onChange={onChange}
      clearable
      error={error}
      required
    />
  );
}

/** The version (the current one as a hint) and the WordPress and PHP requirements. */
export function UploadVersionFields({
  product,
  values,
  set,
  shown,
}: FieldsProps & { product: ReleaseProduct }) {
  const { t } = useTranslation('releases');
  return (
    <>
      <Group grow align="flex-start">
        <TextInput
          label={t('fields.version')}
          description={
            product.current
              ? t('upload.versionHint', { current: product.current.version })
              : t('upload.versionHintFirst')
          }
          placeholder="1.2.3"
          value={values.version}
          onChange={(e) => set('version', e.currentTarget.value)}
          maxLength={RELEASE_VERSION_MAX + 8}
          error={shown('version')}
          required
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput
          label={t('fields.requires')}
          placeholder="6.0"
          value={values.requires}
          onChange={(e) => set('requires', e.currentTarget.value)}
          error={shown('requires')}
          required
        />
        <TextInput
          label={t('fields.tested')}
          placeholder="6.7.1"
          value={values.tested}
          onChange={(e) => set('tested', e.currentTarget.value)}
          error={shown('tested')}
          required
        />
        <TextInput
          label={t('fields.requiresPhp')}
          placeholder="7.4"
          value={values.requiresPhp}
          onChange={(e) => set('requiresPhp', e.currentTarget.value)}
          error={shown('requiresPhp')}
          required
        />
      </Group>
    </>
  );
}

/** The Markdown changelog with its length, beside the safe preview. */
export function UploadChangelogField({ values, set, shown }: FieldsProps) {
  const { t } = useTranslation('releases');
  const language = useLanguage();
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Textarea
          label={t('fields.changelog')}
          description={t('upload.changelogHint', {
            length: values.changelog.length.toLocaleString(language === 'en' ? 'en-US' : 'zh-CN'),
            max: RELEASE_CHANGELOG_MAX.toLocaleString(language === 'en' ? 'en-US' : 'zh-CN'),
          })}
          value={values.changelog}
          onChange={(e) => set('changelog', e.currentTarget.value)}
          rows={10}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          error={shown('changelog')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <MarkdownPreview
          label={t('upload.preview')}
          title={t('upload.preview')}
          source={values.changelog}
          empty={t('upload.previewEmpty')}
          size="sm"
          h="100%"
        />
      </Grid.Col>
    </Grid>
  );
}

/** The upload's real progress; at 100% the server is checking the zip. */
export function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const { t } = useTranslation('releases');
  const language = useLanguage();
  const percent = progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <Stack gap={4}>
      <Progress
        value={percent}
        aria-label={t('upload.progress')}
        size="lg"
        striped={percent >= 100}
        animated={percent >= 100}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {percent >= 100
          ? t('upload.checking')
          : t('upload.sent', {
              percent,
              sent: formatBytes(progress.loaded, language),
              total: formatBytes(progress.total, language),
            })}
      </Text>
    </Stack>
  );
}
