import { requestLanguage, type Language } from '@seatkeeper/domain';
import { SERVER_CATALOGUES, serverT } from '../i18n/server-i18n';

/**
 * The sandbox payment page and its end pages in both interface languages (docs/payments.md, "Sandbox
 * gateway"): the language is the customer's as the app chooses it (the `lang` cookie, else the browser's
 * Accept-Language, else zh-CN). Every end page links back to the order's receipt in the console.
 */
export interface SandboxPageTexts {
  title: string;
  heading: string;
  product: string;
  amount: string;
  orderNumber: string;
  status: string;
  /** `{{amount}}` is the amount in yuan, e.g. ¥699.00 (sandboxPayLabel). */
  pay: string;
  note: string;
  statuses: Record<string, string>;
  paidTitle: string;
  paidNote: string;
  failedTitle: string;
  failedNote: string;
  notPayableTitle: string;
  notPayableHere: string;
  notFoundTitle: string;
  /** The return link: the order's receipt. */
  toReceipt: string;
  /** Where an unknown order number leads: the customer's orders. */
  toOrders: string;
}

/**
 * The texts are the server's `sandboxPay` catalogue (src/locales/<language>/sandboxPay.json,
 * docs/architecture.md "Language"), which the end-to-end journeys read too, to use the page in either
 * language.
 */
export const SANDBOX_PAGE_TEXTS: Record<Language, SandboxPageTexts> = {
  'zh-CN': SERVER_CATALOGUES['zh-CN'].sandboxPay,
  en: SERVER_CATALOGUES.en.sandboxPay,
};

/** The pay button's words for an amount (`支付 ¥699.00`, `pay ¥699.00`). */
export const sandboxPayLabel = (language: Language, amount: string) =>
  serverT(language, 'sandboxPay')('pay', { amount });

/** The saved `lang` cookie, else Accept-Language in order of preference, else zh-CN (libs/domain). */
export const sandboxPageLanguage = (cookie?: string, acceptLanguage?: string): Language =>
  requestLanguage(cookie, acceptLanguage);
