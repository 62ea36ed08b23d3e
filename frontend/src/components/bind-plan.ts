import { isDifferentSite, normalizeWebsiteUrl, websiteUrlFromInput } from '@seatkeeper/domain';
import { i18n } from '../lib/i18n';

/**
 * What saving an inline website URL edit does (docs/product.md#validation Bind (client), §2 the overview's domain edit),
 * decided before anything is sent. The URL is normalised by the server's own rules (@seatkeeper/domain),
 * so what is shown before saving is what the server stores.
 */

/**
 * Whether the input is typed as an http(s) URL. A bare host ('my-blog.cn') is taken as https
 * (docs/rules.md, Binding a site); another scheme gets 'please enter full URL (including http:// or
 * https://)' (common:bind.fullUrlRequired), and a bare input that is no site 'Enter a website address...'
 * (common:bind.invalidSite), in the active language.
 */
export const startsWithHttp = (value: string): boolean => /^http/i.test(value.trim());

export type BindPlan =
  /** Nothing would change: close without a call. */
  | { kind: 'unchanged' }
  /** Free the seat (an empty input, where that unbinds). */
  | { kind: 'unbind' }
  | { kind: 'invalid'; message: string }
  /** A move to another site with no binding changes left: refused here. */
  | { kind: 'no-changes-left' }
  /** A move to another site, which spends a binding change: confirmed first. */
  | { kind: 'confirm'; websiteUrl: string }
  | { kind: 'set'; websiteUrl: string };

export interface BindRules {
  /** An empty input unbinds a bound seat (the admin's edit); otherwise it only cancels. */
  emptyUnbinds?: boolean;
  /**
   * The seat's binding changes left, when moving it to another site spends one (the customer's bind).
   * The protocol and `www.` do not make another site.
   */
  changesLeft?: number;
}

export function planBind(current: string | null, input: string, rules: BindRules = {}): BindPlan {
  const raw = input.trim();
  if (!raw) return rules.emptyUnbinds && current ? { kind: 'unbind' } : { kind: 'unchanged' };
  // A bare host ('my-blog.cn') means https (libs/domain websiteUrlFromInput); another scheme is refused.
  const url = websiteUrlFromInput(raw);
  if (url === null) return { kind: 'invalid', message: i18n.t('common:bind.fullUrlRequired') };
  const normalized = normalizeWebsiteUrl(url);
  if (!normalized && !startsWithHttp(raw))
    return { kind: 'invalid', message: i18n.t('common:bind.invalidSite') };
  // An http(s) URL the rules cannot read goes as typed: the server answers 'Must be a valid URL'.
  const websiteUrl = normalized ?? raw;
  if (websiteUrl === current) return { kind: 'unchanged' };
  if (normalized && rules.changesLeft !== undefined && isDifferentSite(current, normalized))
    return rules.changesLeft > 0 ? { kind: 'confirm', websiteUrl } : { kind: 'no-changes-left' };
  return { kind: 'set', websiteUrl };
}
