import { requestLanguage, type Language } from '@seatkeeper/domain';
import texts from './sandbox-pay-page-texts.json';

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
  /** `{amount}` is replaced by the amount in yuan, e.g. ¥699.00. */
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
 * The texts are data (sandbox-pay-page-texts.json; not sandbox-pay.texts.json, which Node's require would
 * take for this module), so the end-to-end journeys read the same file to use the page in either language.
 */
export const SANDBOX_PAGE_TEXTS: Record<Language, SandboxPageTexts> = texts;

/** The saved `lang` cookie, else Accept-Language in order of preference, else zh-CN (libs/domain). */
export const sandboxPageLanguage = (cookie?: string, acceptLanguage?: string): Language =>
  requestLanguage(cookie, acceptLanguage);
