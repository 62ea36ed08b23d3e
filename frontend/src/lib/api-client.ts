/**
 * The one way the app talks to its server: same origin, cookies included, JSON in and out.
 * Failures become an ApiError carrying the HTTP status and the server's message and answer
 * (`{ statusCode, error, message, code }`); a network failure becomes a generic error with status 0.
 * What to show for a failure: describeError (errors.ts).
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

export interface RequestOptions extends Omit<RequestInit, 'body' | 'method'> {
  body?: unknown;
  query?: Query;
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
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

export async function request<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const { body, query, headers, ...init } = options;
  const finalHeaders = new Headers(headers);
  finalHeaders.set('Accept', 'application/json');
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (body instanceof FormData || body instanceof Blob || typeof body === 'string') {
      payload = body;
    } else {
      finalHeaders.set('Content-Type', 'application/json');
      payload = JSON.stringify(body);
    }
  }

  let response: Response;
  try {
    response = await fetch(withQuery(path, query), {
      ...init,
      method,
      headers: finalHeaders,
      body: payload,
      credentials: 'include',
    });
  } catch (error) {
    // Cancellation (react-query aborting a stale request) must stay an AbortError.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, GENERIC_ERROR_MESSAGE, 'Network Error');
  }

  const data = await readBody(response).catch(() => null);
  if (!response.ok) {
    throw new ApiError(
      response.status,
      messageFromBody(data) ?? (response.statusText || GENERIC_ERROR_MESSAGE),
      response.statusText,
      data,
    );
  }
  return data as T;
}

export const apiClient = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
