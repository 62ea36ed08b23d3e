/**
 * A cookie's value in a Cookie header (or document.cookie), as sent (not URL-decoded): the first cookie
 * of that exact name, or undefined when there is none.
 */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
