/**
 * The customer's language (docs/architecture.md, "Language"): one of the interface's two languages. The
 * frontend keeps the choice in a `lang` cookie; the server reads it at sign-in and stores it on the user
 * (users.language) so that e-mails are written in it (docs/mail.md).
 */
export const USER_LANGUAGES = ['zh-CN', 'en'] as const;
export type UserLanguage = (typeof USER_LANGUAGES)[number];

export const isUserLanguage = (value: unknown): value is UserLanguage =>
  (USER_LANGUAGES as readonly unknown[]).includes(value);

/** The `lang` cookie's value when it names one of our languages (exactly, as the frontend writes it). */
export function languageFromCookie(cookie: string | undefined): UserLanguage | undefined {
  for (const part of (cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== 'lang') continue;
    let value = part.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      return undefined;
    }
    return isUserLanguage(value) ? value : undefined;
  }
  return undefined;
}
