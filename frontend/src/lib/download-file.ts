import { ApiError, GENERIC_ERROR_MESSAGE, messageFromBody } from './api-client';

/** The file name a Content-Disposition header gives (RFC 6266: filename* first), or null. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name || null;
}

async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text || null;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return new ApiError(
    response.status,
    messageFromBody(body) ?? (response.statusText || GENERIC_ERROR_MESSAGE),
    response.statusText,
    body,
  );
}

/**
 * Downloads a release through fetch, so a refusal never becomes a saved file (docs/product.md#screens,
 * Downloads): the answer is checked first, and only a successful one is handed to the browser as a file,
 * under the server's file name. A refusal throws an ApiError with the server's answer (describeError
 * words it in the customer's language); a network failure throws the generic error.
 */
export async function downloadFile(href: string, fallbackName: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(href, { credentials: 'include' });
  } catch {
    throw new ApiError(0, GENERIC_ERROR_MESSAGE, 'Network Error');
  }
  if (!response.ok) throw await errorFrom(response);
  const blob = await response.blob();
  const name = attachmentName(response.headers.get('content-disposition')) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The browser has started reading the blob by the time the click returns; free it after a moment.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  return name;
}
