import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, GENERIC_ERROR_MESSAGE, messageFromBody } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { ADMIN_RELEASES_PATH, adminReleasesQueryKey, type Release } from './get-releases';

/** How much of the body the browser has sent. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** The answer's body: JSON when it says so, else its text, else null (as lib/api-client.ts reads it). */
function answerOf(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return null;
  if (!(xhr.getResponseHeader('Content-Type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POST /api/admin/releases (multipart/form-data) through XMLHttpRequest, the one browser API that reports
 * upload progress (fetch has none). It talks to the server as lib/api-client.ts does: same origin, the
 * session cookie (withCredentials), JSON answers; the server's CSRF check reads Sec-Fetch-Site / Origin,
 * which the browser sets on this request as on fetch's. A refusal rejects with the same ApiError
 * (status, the server's message, its `{ code }` body), so describeError words it by its code; no answer
 * rejects with the generic ApiError of status 0; `signal` aborts with an AbortError.
 */
export function uploadRelease(
  form: FormData,
  {
    onProgress,
    signal,
  }: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<Release> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', ADMIN_RELEASES_PATH);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      done();
      const body = answerOf(xhr);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as Release);
      else
        reject(
          new ApiError(
            xhr.status,
            messageFromBody(body) ?? (xhr.statusText || GENERIC_ERROR_MESSAGE),
            xhr.statusText,
            body,
          ),
        );
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, GENERIC_ERROR_MESSAGE, 'Network Error'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    xhr.send(form);
  });
}

/** The upload as a mutation: on success the new version is current; the list refreshes. */
export function useUploadRelease() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      form,
      onProgress,
      signal,
    }: {
      form: FormData;
      onProgress?: (progress: UploadProgress) => void;
      signal?: AbortSignal;
    }) => uploadRelease(form, { onProgress, signal }),
    // The form shows the refusal beside its fields and keeps what was typed.
    meta: { silent: true },
    onSuccess: (release) => {
      notifySuccess(i18n.t('releases:uploaded', { name: release.name, version: release.version }));
      return client.invalidateQueries({ queryKey: adminReleasesQueryKey });
    },
  });
}
