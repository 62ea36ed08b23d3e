import { ApiError, serverMessage } from './api-client';

/** Spec §8: admin calls show the server's text, else '请求失败'. */
export const ADMIN_REQUEST_FAILED = '请求失败';

export const adminErrorMessage = (error: unknown): string =>
  serverMessage(error) ?? ADMIN_REQUEST_FAILED;

/** Re-throws a failed call with a fixed text (a spec §8 fetch error), keeping its status and body. */
export function rethrowAs(error: unknown, message: string): never {
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  if (error instanceof ApiError)
    throw new ApiError(error.status, message, error.statusText, error.body);
  throw new ApiError(0, message);
}

/** Re-throws a failed admin call with the text to show (the server's, else '请求失败'), keeping its status. */
export function withAdminMessage(error: unknown): never {
  if (error instanceof ApiError)
    throw new ApiError(error.status, adminErrorMessage(error), error.statusText, error.body);
  throw error;
}
