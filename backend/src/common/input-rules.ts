import { isISO8601 } from 'class-validator';

/**
 * Rules for request text and numbers that the database cannot hold. Refused as 400 at the edge: a
 * NUL reaching PostgreSQL is a protocol error (08P01, once reported as "Database unavailable"), an
 * unpaired surrogate is not Unicode (lost or refused on the way to the database and in JSON
 * answers), and integer columns and timestamps have ranges.
 */

/** The largest value of a PostgreSQL `integer` column (amounts in cents, limits, page numbers). */
export const INT32_MAX = 2_147_483_647;

const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What makes a string unfit to store, or null when it is fine. */
export function textFlaw(text: string): 'NUL characters' | 'unpaired surrogates' | null {
  if (text.includes('\u0000')) return 'NUL characters';
  if (UNPAIRED_SURROGATE.test(text)) return 'unpaired surrogates';
  return null;
}

/**
 * The message for the first unfit string in a parsed body or query (values and field names, at any
 * depth), e.g. 'options.0.text must not contain NUL characters'; null when all are fine. Bodies are
 * at most 32 levels deep (json-depth.ts), so the recursion is bounded.
 */
export function findTextFlaw(value: unknown, path = ''): string | null {
  if (typeof value === 'string') {
    const flaw = textFlaw(value);
    return flaw && `${path || 'Request body'} must not contain ${flaw}`;
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const keyFlaw = textFlaw(key);
    if (keyFlaw) return `Field names must not contain ${keyFlaw}`;
    const found = findTextFlaw(item, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return null;
}

/**
 * The message for the first repeated query parameter (`?link=1&link=2` parses to an array), or null.
 * No route of ours takes a list in its query, and code written for a string breaks on an array.
 */
export function repeatedQueryParam(query: Record<string, unknown>): string | null {
  const key = Object.keys(query).find((k) => Array.isArray(query[k]));
  return key === undefined ? null : `Query parameter ${key} must not be repeated`;
}

/** The message for a URL path (still percent-encoded) that decodes to unfit text, or null. */
export function pathFlaw(rawPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // Not UTF-8 (e.g. %FF, or a surrogate encoded as %ED%A0%80): decodeURIComponent refuses it.
    return 'URL path must be valid percent-encoded UTF-8';
  }
  const flaw = textFlaw(decoded);
  return flaw && `URL path must not contain ${flaw}`;
}

/**
 * An ISO 8601 date-time whose instant falls in years 1 to 9999 (UTC): PostgreSQL has no year 0,
 * JavaScript writes years past 9999 with a sign that it cannot read, and no date of ours is that far.
 */
export function isIsoDateInRange(value: unknown): boolean {
  if (typeof value !== 'string' || !isISO8601(value)) return false;
  const year = new Date(value).getUTCFullYear();
  return year >= 1 && year <= 9999;
}
