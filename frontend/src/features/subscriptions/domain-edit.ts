import { normalizeWebsiteUrl } from '@seatkeeper/domain';
import { FULL_URL_REQUIRED, startsWithHttp } from '../licenses/domain';

/**
 * What saving the overview's inline domain edit does (spec §2: empty means unbind; normalised like the
 * console, spec §5): nothing, unbind, set a URL, or refuse with a message.
 */
export type DomainEdit =
  | { kind: 'unchanged' }
  | { kind: 'unbind' }
  | { kind: 'set'; websiteUrl: string }
  | { kind: 'invalid'; message: string };

export function planDomainEdit(current: string | null, input: string): DomainEdit {
  const raw = input.trim();
  if (!raw) return current ? { kind: 'unbind' } : { kind: 'unchanged' };
  if (!startsWithHttp(raw)) return { kind: 'invalid', message: FULL_URL_REQUIRED };
  // A URL the rules cannot read goes as typed: the server answers 'Must be a valid URL'.
  const websiteUrl = normalizeWebsiteUrl(raw) ?? raw;
  if (websiteUrl === current) return { kind: 'unchanged' };
  return { kind: 'set', websiteUrl };
}

/** Only http(s) URLs become links (the server stores nothing else, but the page does not rely on it). */
export const linkableUrl = (url: string | null): string | null =>
  url && /^https?:\/\//i.test(url) ? url : null;
