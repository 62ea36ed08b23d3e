import { GENERIC_ERROR_MESSAGE, isApiError, messageFromBody } from './api-client';

/**
 * The server's answer to a refused call: the product's `{ statusCode, error, message }` (its text in
 * both) and a stable machine `code` (e.g. 'LICENSE_NOT_FOUND', 'VALIDATION_FAILED', 'needs_model').
 * Some codes carry more fields (needs_model: triedModels and suggestions).
 */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code: string;
}

/** The JSON error answer a failed call carried, or undefined (network failure, HTML or text answer). */
function errorBodyOf(error: unknown): Partial<ApiErrorBody> | undefined {
  if (!isApiError(error) || !error.body || typeof error.body !== 'object') return undefined;
  return error.body as Partial<ApiErrorBody>;
}

/** The server's code for a failed call, or undefined when the server did not answer with one. */
export function errorCode(error: unknown): string | undefined {
  const code = errorBodyOf(error)?.code;
  return typeof code === 'string' && code ? code : undefined;
}

/**
 * The text for a code. The interface will translate here by `code` (the language issue); until then
 * it is the server's own text, which is the product's wording.
 */
function textForCode(_code: string | undefined, serverText: string | undefined) {
  return serverText;
}

/**
 * The one way the interface words a failure: the server's text for its code when it answered with
 * one; else `fallback` (the caller's text for a failure the server did not explain: no answer, an
 * HTML error page); without a fallback, the error's own message, else 'An unexpected error occurred'.
 */
export function describeError(error: unknown, fallback?: string): string {
  const body = errorBodyOf(error);
  const described = body && textForCode(errorCode(error), messageFromBody(body));
  if (described) return described;
  if (fallback) return fallback;
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return GENERIC_ERROR_MESSAGE;
}
