import {
  Alert,
  Button,
  FileInput,
  Grid,
  Group,
  Progress,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownPreview } from '../../../components/MarkdownPreview';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { describeError } from '../../../lib/errors';
import { useLanguage } from '../../../lib/i18n';
import type { ReleaseProduct } from '../api/get-releases';
import { useUploadRelease, type UploadProgress } from '../api/upload-release';
import { RELEASE_CHANGELOG_MAX, RELEASE_VERSION_MAX } from '@seatkeeper/domain';
import {
  checkFile,
  checkUpload,
  formatBytes,
  megabytes,
  uploadFormData,
  type Refusal,
  type UploadValues,
} from '../release-rules';

const valuesFor = (product: ReleaseProduct): UploadValues => ({
  file: null,
  version: '',
  requires: product.current?.requires ?? '',
  tested: product.current?.tested ?? '',
  requiresPhp: product.current?.requiresPhp ?? '',
  changelog: '',
});

/**
 * The upload form of one product (docs/wordpress.md, releases managed in the app): the zip, its version and
 * requirements (prefilled from the current release) and a Markdown changelog with the safe preview;
 * checked as the server checks it, sent as multipart with real upload progress. The server's refusal
 * shows in its code's words and the form keeps what was typed.
 */
export function UploadRelease({
  product,
  maxBytes,
  onDone,
  onPendingChange,
}: {
  product: ReleaseProduct;
  maxBytes: number;
  onDone: () => void;
  /** Told when an upload starts and ends (the modal stays open meanwhile). */
  onPendingChange?: (pending: boolean) => void;
}) {
  const { t } = useTranslation('releases');
  const language = useLanguage();
  const upload = useUploadRelease();
  const [values, setValues] = useState<UploadValues>(() => valuesFor(product));
  const [submitted, setSubmitted] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);

  // Leaving the form (the modal closed) cancels an upload still running.
  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => onPendingChange?.(upload.isPending), [upload.isPending, onPendingChange]);

  const set = <K extends keyof UploadValues>(key: K, value: UploadValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const errors = checkUpload(values, maxBytes);
  const say = (refusal: Refusal | undefined) =>
    refusal ? t(refusal.key, refusal.values) : undefined;
  // The file is judged as soon as it is chosen; the other fields once the form was sent.
  const shown = (key: keyof UploadValues) =>
    key === 'file' && values.file
      ? say(checkFile(values.file, maxBytes))
      : submitted
        ? say(errors[key])
        : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || upload.isPending) return;
    controller.current?.abort();
    controller.current = new AbortController();
    setProgress({ loaded: 0, total: values.file?.size ?? 0 });
    upload.mutate(
      {
        form: uploadFormData(product.kind, product.slug, values),
        onProgress: setProgress,
        signal: controller.current.signal,
      },
      { onSuccess: onDone, onSettled: () => setProgress(null) },
    );
  };
  const cancel = () => {
    controller.current?.abort();
    onDone();
  };

  const percent =
    progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  const refused = Boolean(
    upload.error && !(upload.error instanceof DOMException && upload.error.name === 'AbortError'),
  );
  // The refusal sits under a tall form: bring it into view.
  useEffect(() => {
    if (refused) refusalRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [refused, upload.error]);

  return (
    <form onSubmit={submit} noValidate aria-label={t('upload.form', { name: product.name })}>
      <Stack gap="sm">
        <FileInput
          label={t('upload.file')}
          description={t('upload.fileHint', {
            folder: `${product.slug}/`,
            max: megabytes(maxBytes),
          })}
          placeholder={t('upload.filePlaceholder')}
          accept=".zip,application/zip"
          value={values.file}
          onChange={(file) => {
            set('file', file);
            upload.reset();
          }}
          clearable
          error={shown('file')}
          required
        />
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
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Textarea
              label={t('fields.changelog')}
              description={t('upload.changelogHint', {
                length: values.changelog.length.toLocaleString(
                  language === 'en' ? 'en-US' : 'zh-CN',
                ),
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
        {progress && (
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
        )}
        {refused && (
          <Alert ref={refusalRef} color="red" role="alert" title={t('upload.refused')}>
            {describeError(upload.error, adminRequestFailed())}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            {upload.isPending ? t('upload.cancelUpload') : t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={upload.isPending}>
            {t('upload.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
