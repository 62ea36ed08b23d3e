import { requestLanguage, type Language } from '@seatkeeper/domain';
import texts from './dev-sign-in-texts.json';

/**
 * The development sign-in page in both interface languages (docs/architecture.md#language): the
 * language from the app's `lang` cookie, else the browser's Accept-Language, else zh-CN, as the
 * frontend chooses it.
 */
export type PageLanguage = Language;

export interface DevSignInTexts {
  title: string;
  /** `{brand}` is replaced by the brand name. */
  intro: string;
  email: string;
  name: string;
  details: string;
  sub: string;
  emailVerified: string;
  yes: string;
  no: string;
  cancel: string;
  signIn: string;
  invalidEmail: string;
  /** The provider's own refusals, by their English text (OAuthError descriptions). */
  refusals: Record<string, string>;
}

/**
 * The texts themselves are data (dev-sign-in-texts.json; not dev-idp.texts.json, which Node's require would
 * take for this module: .json is tried before .ts), so the end-to-end journeys read the same file to
 * fill the page in either language.
 */
export const DEV_SIGN_IN_TEXTS: Record<PageLanguage, DevSignInTexts> = texts;

/** The saved `lang` cookie, else Accept-Language in order of preference, else zh-CN (libs/domain). */
export const pageLanguage = (cookie?: string, acceptLanguage?: string): PageLanguage =>
  requestLanguage(cookie, acceptLanguage);
