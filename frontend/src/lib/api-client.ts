/**
 * The failures of the app's calls to its server (lib/api/client.ts, the one way it talks to it): an
 * ApiError carries the HTTP status and the server's message and answer (`{ statusCode, error, message,
 * code }`); a network failure becomes a generic error with status 0. What to show for a failure:
 * describeError (errors.ts).
 */
export const GENERIC_ERROR_MESSAGE = 'An unexpected error occurred';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly statusText = '',
    /** The parsed error body, when there was one. */
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export type Query = Record<string, string | number | boolean | null | undefined>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

export function messageFromBody(body: unknown): string | undefined {
  if (
    typeof body === 'string' &&
    body.trim() &&
    body.length < 500 &&
    !body.trimStart().startsWith('<')
  )
    return body;
  if (body && typeof body === 'object') {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
    if (typeof message === 'string' && message.trim()) return message;
    if (typeof error === 'string' && error.trim()) return error;
  }
  return undefined;
}
