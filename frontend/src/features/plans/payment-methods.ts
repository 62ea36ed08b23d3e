import type { LocalizedText, PaymentMethod, PaymentMethodId } from '../../lib/api/types';

/**
 * The interface's language until the language issue moves every text into catalogues: the server's
 * bilingual texts (a method's name, which app to scan with) are read in it.
 */
const UI_LANGUAGE: keyof LocalizedText = 'en';

export const localized = (text: LocalizedText, language: keyof LocalizedText = UI_LANGUAGE) =>
  text[language];

/** Brand colours: Alipay blue, WeChat Pay green; the sandbox is the app's grey. */
export const METHOD_COLOURS: Record<PaymentMethodId, string> = {
  alipay: '#1677FF',
  wechat: '#07C160',
  sandbox: '#495057',
};

/** The payment app a method opens: 'Alipay', 'WeChat Pay', 'Sandbox'. */
export const appName = (method: PaymentMethod) => localized(method.displayName);

/** 'open Alipay to pay': the phone's button that opens the payment app. */
export const openAppLabel = (method: PaymentMethod) => `open ${appName(method)} to pay`;

/** The method an order was taken by, from the enabled list (null when the list is not known). */
export const methodOf = (
  methods: readonly PaymentMethod[] | undefined,
  id: PaymentMethodId | null | undefined,
): PaymentMethod | null => methods?.find((m) => m.id === id) ?? null;
