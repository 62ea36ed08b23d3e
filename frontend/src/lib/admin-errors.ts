import { i18n } from './i18n';

/**
 * docs/product.md#errors: admin calls show the server's text, else '请求失败' (describeError's
 * fallback), in the active language (common:adminRequestFailed: 请求失败 / Request failed), read at
 * call time.
 */
export const adminRequestFailed = (): string => i18n.t('common:adminRequestFailed');
