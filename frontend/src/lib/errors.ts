import { GENERIC_ERROR_MESSAGE, isApiError, messageFromBody } from './api-client';
import { i18n } from './i18n';

/** The catalogue of server errors: keys are the codes (src/locales/<language>/errors.json). */
export const ERRORS_NAMESPACE = 'errors';

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
 * The text for a code in the active language (docs/architecture.md#language): the `errors`
 * catalogue's entry for it, where `{{message}}` stands for the server's own text (codes whose text
 * depends on the case, e.g. VALIDATION_FAILED) and `{{name}}` for a value the refusal carries beside it
 * (`values`, e.g. RELEASE_VERSION_MISMATCH's zipVersion). An unknown code, or a catalogue not loaded yet (it is
 * fetched then, for the next error), gives the server's text, which is the product's wording.
 */
export function textForCode(
  code: string | undefined,
  serverText: string | undefined,
  values: Record<string, string | number> = {},
) {
  if (!code) return serverText;
  if (!i18n.hasLoadedNamespace(ERRORS_NAMESPACE)) {
    void i18n.loadNamespaces(ERRORS_NAMESPACE).catch(() => undefined);
    return serverText;
  }
  const key = `${ERRORS_NAMESPACE}:${code}`;
  if (!i18n.exists(key)) return serverText;
  return i18n.t(key, { ...values, message: serverText ?? '' }) || serverText;
}

/** The shape's own fields and i18next's option names: never a value of the text. */
const NOT_VALUES = new Set([
  'statusCode',
  'error',
  'message',
  'code',
  'lng',
  'lngs',
  'ns',
  'context',
  'count',
  'defaultValue',
  'replace',
  'returnObjects',
  'postProcess',
  'interpolation',
]);

/**
 * The values a refusal carries beside its text (e.g. RELEASE_VERSION_MISMATCH's zipVersion and
 * formVersion), which the catalogue's text names as {{zipVersion}}: one sentence in the reader's
 * language instead of the server's English inside it (docs/architecture.md, "Errors").
 */
function valuesOf(body: Partial<ApiErrorBody>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(body).filter(
      ([name, value]) =>
        !NOT_VALUES.has(name) && (typeof value === 'string' || typeof value === 'number'),
    ),
  ) as Record<string, string | number>;
}

/**
 * The one way the interface words a failure: the catalogue's text for the server's code, in the active
 * language, when it answered with one (else the server's text); else `fallback` (the caller's text
 * for a failure the server did not explain: no answer, an HTML error page); without a fallback, the
 * error's own message, else 'An unexpected error occurred' in the active language.
 */
export function describeError(error: unknown, fallback?: string): string {
  const body = errorBodyOf(error);
  const described = body && textForCode(errorCode(error), messageFromBody(body), valuesOf(body));
  if (described) return described;
  if (fallback) return fallback;
  const generic = i18n.t('common:unexpectedError');
  if (error instanceof Error && error.message === GENERIC_ERROR_MESSAGE) return generic;
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return generic;
}
