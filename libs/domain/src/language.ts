/**
 * The interface's language (docs/architecture.md#language): `zh-CN` or `en`, chosen by the `lang` cookie
 * (the switch saves it), else the browser's languages in order (any zh* → zh-CN, en* → en), else zh-CN.
 * One rule for the browser (frontend/src/lib/i18n.ts) and the server (backend/src/web/spa.ts writes
 * index.html's `<html lang>` by it; the development sign-in page reads the same cookie).
 */
import { cookieValue } from './cookies';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** The saved choice: a cookie both the app and the server read. */
export const LANGUAGE_COOKIE = 'lang';

/** A language tag → ours: any zh* is zh-CN, any en* is en; anything else is not ours. */
export function toLanguage(tag: string | null | undefined): Language | undefined {
  const lower = tag?.trim().toLowerCase();
  if (!lower) return undefined;
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  return undefined;
}

/** The `lang` cookie's value in a Cookie header (or document.cookie), when it names one of ours. */
export function languageFromCookie(cookie: string | null | undefined): Language | undefined {
  const value = cookieValue(cookie, LANGUAGE_COOKIE);
  if (value === undefined) return undefined;
  let saved: string;
  try {
    saved = decodeURIComponent(value);
  } catch {
    return undefined;
  }
  return LANGUAGES.find((language) => language === saved);
}

/**
 * An Accept-Language header's tags, most preferred first (by q, then by their order); tags with q=0
 * (not wanted) and unreadable weights are left out.
 */
export function preferredLanguages(acceptLanguage: string | null | undefined): string[] {
  return (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = weight === undefined ? 1 : Number(weight.slice(2));
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The saved choice, else the first of the preferred languages that is ours; nothing when neither says (the
 * server then keeps what it knew: backend users/language.ts).
 */
export function statedLanguage(
  cookie: string | null | undefined,
  preferred: readonly string[],
): Language | undefined {
  const saved = languageFromCookie(cookie);
  if (saved) return saved;
  for (const tag of preferred) {
    const language = toLanguage(tag);
    if (language) return language;
  }
  return undefined;
}

/** The saved choice, else the first of the preferred languages that is ours, else zh-CN. */
export const chooseLanguage = (
  cookie: string | null | undefined,
  preferred: readonly string[],
): Language => statedLanguage(cookie, preferred) ?? DEFAULT_LANGUAGE;

/** A request's language, as the app would choose it: its `lang` cookie, else its Accept-Language. */
export const requestLanguage = (
  cookie: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Language => chooseLanguage(cookie, preferredLanguages(acceptLanguage));
