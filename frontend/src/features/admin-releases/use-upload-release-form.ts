import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReleaseProduct } from './api/get-releases';
import { useUploadRelease, type UploadProgress } from './api/upload-release';
import {
  checkFile,
  checkUpload,
  uploadFormData,
  type Refusal,
  type UploadValues,
} from './release-rules';

const valuesFor = (product: ReleaseProduct): UploadValues => ({
  file: null,
  version: '',
  requires: product.current?.requires ?? '',
  tested: product.current?.tested ?? '',
  requiresPhp: product.current?.requiresPhp ?? '',
  changelog: '',
});

/** What the upload form is given: its product, the size limit, and whom to tell. */
export interface UploadReleaseProps {
  product: ReleaseProduct;
  maxBytes: number;
  onDone: () => void;
  /** Told when an upload starts and ends (the modal stays open meanwhile). */
  onPendingChange?: (pending: boolean) => void;
}

/**
 * The upload form's state (docs/wordpress.md, releases managed in the app): the values (requirements
 * prefilled from the current release), their checks as the server makes them (the file as soon as it is
 * chosen, the rest once the form was sent), the upload with its progress and its cancel, and the
 * server's refusal (not an upload cancelled by the admin).
 */
export function useUploadReleaseForm({
  product,
  maxBytes,
  onDone,
  onPendingChange,
}: UploadReleaseProps) {
  const { t } = useTranslation('releases');
  const upload = useUploadRelease();
  const [values, setValues] = useState<UploadValues>(() => valuesFor(product));
  const [submitted, setSubmitted] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

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
  const chooseFile = (file: File | null) => {
    set('file', file);
    upload.reset();
  };

  const refused = Boolean(
    upload.error && !(upload.error instanceof DOMException && upload.error.name === 'AbortError'),
  );
  return { upload, values, set, shown, submit, cancel, chooseFile, progress, refused };
}
