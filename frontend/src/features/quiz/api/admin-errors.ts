import { ApiError, serverMessage } from '../../../lib/api-client';

/** Spec §8: admin calls show the server's text, else '请求失败'. */
export const ADMIN_REQUEST_FAILED = '请求失败';

export const adminErrorMessage = (error: unknown): string =>
  serverMessage(error) ?? ADMIN_REQUEST_FAILED;

/** Re-throws a failed call with a fixed text (spec §8 quiz admin fetch errors), keeping its status. */
export function rethrowAs(error: unknown, message: string): never {
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  const status = error instanceof ApiError ? error.status : 0;
  const statusText = error instanceof ApiError ? error.statusText : '';
  throw new ApiError(
    status,
    message,
    statusText,
    error instanceof ApiError ? error.body : undefined,
  );
}
