import { bearerToken } from '../tokens/tokens.service';

/**
 * The activation code a WordPress site presents (docs/wordpress.md, Credentials): the bearer header,
 * else the `license_key` body field, else the `license_key` query argument. Update checkers cannot
 * always set headers, so the field and the query are accepted too. Never logged.
 */
export function presentedCode(from: {
  authorization?: string;
  field?: unknown;
  query?: unknown;
}): string | undefined {
  const bearer = bearerToken(from.authorization);
  if (bearer) return bearer;
  for (const value of [from.field, from.query])
    if (typeof value === 'string' && value.trim()) return value.trim();
  return undefined;
}

/** The one value of a query parameter: a refusal text when it is repeated, as for every other route. */
export function singleQueryValue(
  search: URLSearchParams,
  name: string,
): { value?: string; refusal?: string } {
  const values = search.getAll(name);
  if (values.length > 1) return { refusal: `Query parameter ${name} must not be repeated` };
  return { value: values[0] };
}
