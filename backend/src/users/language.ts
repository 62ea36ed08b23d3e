/**
 * The customer's language (docs/architecture.md, "Language"): one of the interface's two languages. The
 * frontend keeps the choice in a `lang` cookie, else follows the browser; the server reads the same at
 * sign-in and stores it on the user (users.language) so that e-mails are written in it (docs/mail.md).
 */
import {
  languageFromCookie as domainLanguageFromCookie,
  preferredLanguages,
  statedLanguage,
} from '@seatkeeper/domain';

export const USER_LANGUAGES = ['zh-CN', 'en'] as const;
export type UserLanguage = (typeof USER_LANGUAGES)[number];

/** The `lang` cookie's value when it names one of our languages (the shared rule: libs/domain). */
export const languageFromCookie = (cookie: string | undefined): UserLanguage | undefined =>
  domainLanguageFromCookie(cookie);

/**
 * The language a customer reads the screens in on this request, as the app chooses it: the `lang` cookie
 * (their choice), else the first of the browser's Accept-Language tags that is ours (what the app shows
 * when nothing was chosen); nothing when neither says, so a known language is never overwritten by the
 * default.
 */
export const requestUserLanguage = (
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): UserLanguage | undefined => statedLanguage(cookie, preferredLanguages(acceptLanguage));
