import { hostOf } from '@seatkeeper/domain';

/**
 * Install insights (docs/insights.md): what a licence check or an update check says about the site that
 * sent it, read defensively. Every field is optional and a value that does not look like what it claims to
 * be is dropped (never an error for the plugin); what is kept is short, printable and safe to show.
 */

/** A product as the store names it: its kind and its slug (the update channel's path). */
export type InstallKind = 'plugins' | 'themes';

/** One check-in, as the hot path hands it to the buffer. */
export interface CheckIn {
  kind: InstallKind;
  product: string;
  /** The site's normalised host (libs/domain website-url rules), e.g. `example.com` or `shop.example:8080`. */
  host: string;
  productVersion: string | null;
  wpVersion: string | null;
  phpVersion: string | null;
  locale: string | null;
  /** The customer and seat the licence check matched, when it did. */
  userId: string | null;
  licenseId: string | null;
}

/** A product slug as releases have them (lower-case letters, digits, - and _). */
const SLUG = /^[a-z0-9][a-z0-9_-]{0,99}$/;
/** A version as WordPress and PHP spell them: 6.5.2, 8.2.12-1+deb12u1, 1.0.0-beta.2. */
const VERSION = /^[0-9][0-9A-Za-z.+~_-]{0,39}$/;
/** A WordPress locale: en_US, zh_CN, de_DE_formal, pt_BR_ao90, fr, haw_US. */
const LOCALE = /^[a-z]{2,3}(?:_[A-Z]{2})?(?:_[a-z0-9]{1,12})?$/;

const text = (value: unknown): string | null => (typeof value === 'string' ? value.trim() : null);

/** A version field, or null when absent or not a version. */
export function versionOf(value: unknown): string | null {
  const v = text(value);
  return v && VERSION.test(v) ? v : null;
}

/** A locale field, or null. */
export function localeOf(value: unknown): string | null {
  const v = text(value);
  return v && LOCALE.test(v) ? v : null;
}

/** A product slug, or null. */
export function productOf(value: unknown): string | null {
  const v = text(value);
  return v && SLUG.test(v) ? v : null;
}

/** The licence check's `kind` field ('plugin' or 'theme', as the SDK names them), plugins when absent. */
export function kindOf(value: unknown): InstallKind | null {
  const v = text(value);
  if (!v || v === 'plugin' || v === 'plugins') return 'plugins';
  if (v === 'theme' || v === 'themes') return 'themes';
  return null;
}

/**
 * WordPress's own User-Agent on its HTTP calls: `WordPress/6.5.2; https://example.com`. Answers the
 * version and the site's host, each null when absent or malformed.
 */
export function wordPressAgent(userAgent: unknown): {
  wpVersion: string | null;
  host: string | null;
} {
  const ua = typeof userAgent === 'string' ? userAgent : '';
  const m = /^WordPress\/([^;\s]{1,40})(?:;\s*(\S{1,2048}))?/.exec(ua);
  if (!m) return { wpVersion: null, host: null };
  return { wpVersion: versionOf(m[1]), host: m[2] ? siteHost(m[2]) : null };
}

/** A site address (URL or bare host) as its normalised host, or null when it is not a DNS name or IP. */
export function siteHost(value: unknown): string | null {
  const v = text(value);
  if (!v || v.length > 2048) return null;
  return hostOf(v);
}

/** The version a chart groups by: major.minor (`6.5.2` → `6.5`, `8.2.12-1+deb12u1` → `8.2`). */
export function minorVersion(version: string | null): string | null {
  if (!version) return null;
  const m = /^(\d+)(?:\.(\d+))?/.exec(version);
  if (!m) return null;
  return m[2] === undefined ? m[1] : `${m[1]}.${m[2]}`;
}

/**
 * A site has stopped checking in when it was seen before but not in the last 30 days (docs/insights.md,
 * "Stopped sites"); rows unseen for the retention period are deleted, so "stopped" also means "seen within
 * the retention period".
 */
export const STOPPED_AFTER_DAYS = 30;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a site last seen at `lastSeen` is active within `days` of `now`. */
export const seenWithin = (lastSeen: Date, now: number, days: number) =>
  now - lastSeen.getTime() <= days * DAY_MS;

/** Whether a site last seen at `lastSeen` has stopped checking in (docs/insights.md). */
export const hasStopped = (lastSeen: Date, now: number) =>
  now - lastSeen.getTime() > STOPPED_AFTER_DAYS * DAY_MS;

/** The buffer's key: one entry per product and site. */
export const checkInKey = (c: Pick<CheckIn, 'kind' | 'product' | 'host'>) =>
  `${c.kind}/${c.product}/${c.host}`;
