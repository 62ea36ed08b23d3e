import type { LocalizedText, PaymentMethod, PaymentMethodId } from '../../lib/api/types';
import { currentLanguage, i18n, type Language } from '../../lib/i18n';

/**
 * A server text given in both languages (a method's name, which app to scan with), in the active
 * language (docs/architecture.md#language), read at call time: components re-render on a switch
 * through useTranslation.
 */
export const localized = (text: LocalizedText, language: Language = currentLanguage()) =>
  text[language];

/** Brand colours: Alipay blue, WeChat Pay green; the sandbox is the app's grey. */
export const METHOD_COLOURS: Record<PaymentMethodId, string> = {
  alipay: '#1677FF',
  wechat: '#07C160',
  sandbox: '#495057',
};

/** The payment app a method opens: 'Alipay' / '支付宝', 'WeChat Pay' / '微信支付', 'Sandbox' / '沙箱'. */
export const appName = (method: PaymentMethod) => localized(method.displayName);

/** 'open Alipay to pay' / '打开支付宝支付': the phone's button that opens the payment app. */
export const openAppLabel = (method: PaymentMethod) =>
  i18n.t('plans:modal.openApp', { app: appName(method) });
