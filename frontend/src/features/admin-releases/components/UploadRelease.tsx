import { Alert, Button, Group, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { describeError } from '../../../lib/errors';
import { useUploadReleaseForm, type UploadReleaseProps } from '../use-upload-release-form';
import {
  UploadChangelogField,
  UploadFileField,
  UploadProgressBar,
  UploadVersionFields,
} from './UploadFields';

/**
 * The upload form of one product (docs/wordpress.md, releases managed in the app): the zip, its version and
 * requirements (prefilled from the current release) and a Markdown changelog with the safe preview;
 * checked as the server checks it, sent as multipart with real upload progress. The server's refusal
 * shows in its code's words and the form keeps what was typed.
 */
export function UploadRelease(props: UploadReleaseProps) {
  const { t } = useTranslation('releases');
  const { product, maxBytes } = props;
  const form = useUploadReleaseForm(props);
  const { upload, values, set, shown, refused } = form;
  const refusalRef = useRef<HTMLDivElement>(null);
  // The refusal sits under a tall form: bring it into view.
  useEffect(() => {
    if (refused) refusalRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [refused, upload.error]);

  return (
    <form onSubmit={form.submit} noValidate aria-label={t('upload.form', { name: product.name })}>
      <Stack gap="sm">
        <UploadFileField
          product={product}
          maxBytes={maxBytes}
          value={values.file}
          error={shown('file')}
          onChange={form.chooseFile}
        />
        <UploadVersionFields product={product} values={values} set={set} shown={shown} />
        <UploadChangelogField values={values} set={set} shown={shown} />
        {form.progress && <UploadProgressBar progress={form.progress} />}
        {refused && (
          <Alert ref={refusalRef} color="red" role="alert" title={t('upload.refused')}>
            {describeError(upload.error, adminRequestFailed())}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={form.cancel}>
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
