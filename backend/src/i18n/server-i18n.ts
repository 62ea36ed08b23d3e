import { LANGUAGES, type Language } from '@seatkeeper/domain';
import i18next, { type i18n as I18n, type TOptions } from 'i18next';
import enCsv from '../locales/en/csv.json';
import enMail from '../locales/en/mail.json';
import enPayments from '../locales/en/payments.json';
import enSandboxPay from '../locales/en/sandboxPay.json';
import zhCsv from '../locales/zh-CN/csv.json';
import zhMail from '../locales/zh-CN/mail.json';
import zhPayments from '../locales/zh-CN/payments.json';
import zhSandboxPay from '../locales/zh-CN/sandboxPay.json';

/**
 * The server's texts (docs/architecture.md#language, "Server texts"): the words the server writes itself
 * (e-mails, the payment methods' names, the sandbox payment page, the orders CSV) live in catalogues like the interface's, one JSON file per language and namespace under
 * src/locales/<language>/<namespace>.json, imported here so the build (tsc copies imported JSON into dist)
 * and the tests read the same files. One fixed i18next instance per language, made once: no global
 * language state, each caller names the language it writes in.
 *
 * Values are interpolated as written (`escapeValue: false`), because a text goes to plain text and to HTML
 * alike: the HTML is escaped once where it is written (the mail layout's `escapeHtml`, on every text and
 * value), never here (that would show `&amp;` in the plain text and escape twice in the HTML). A value is
 * never read as a template: `{{...}}` or `$t(...)` in a customer's name stays as typed (i18next's
 * skipOnVariables). Counts take the language's plural form (`key_one` / `key_other`, `{ count }`).
 */
export const SERVER_CATALOGUES = {
  'zh-CN': { csv: zhCsv, mail: zhMail, payments: zhPayments, sandboxPay: zhSandboxPay },
  en: { csv: enCsv, mail: enMail, payments: enPayments, sandboxPay: enSandboxPay },
} as const satisfies Record<Language, Record<string, object>>;

export type ServerNamespace = keyof (typeof SERVER_CATALOGUES)['en'];
export const SERVER_NAMESPACES = Object.keys(SERVER_CATALOGUES.en) as ServerNamespace[];

/** A text of one namespace in one language: t('key', { values, count }). */
export type ServerT = (key: string, options?: TOptions) => string;

const instances = new Map<Language, I18n>();

function instanceFor(language: Language): I18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = i18next.createInstance();
    // Synchronous: the resources are given, nothing to load (initAsync: false).
    void instance.init({
      lng: language,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      fallbackLng: false,
      resources: { [language]: SERVER_CATALOGUES[language] },
      ns: SERVER_NAMESPACES,
      defaultNS: false,
      initAsync: false,
      returnNull: false,
      returnEmptyString: false,
      interpolation: { escapeValue: false, skipOnVariables: true },
      showSupportNotice: false,
    } as Parameters<I18n['init']>[0]);
    instances.set(language, instance);
  }
  return instance;
}

/**
 * The texts of `namespace` in `language`. A key the catalogue lacks throws (the catalogue tests hold
 * every key the code names; a missing one must not reach a customer as `mail:refund.title`).
 */
export function serverT(language: Language, namespace: ServerNamespace): ServerT {
  const instance = instanceFor(language);
  const t = instance.getFixedT(language, namespace);
  return (key, options) => {
    const plural = options && typeof options.count === 'number';
    if (!instance.exists(key, { ns: namespace, ...(plural ? { count: options.count } : {}) }))
      throw new Error(`no text ${language}/${namespace}:${key}`);
    return t(key, options ?? {}) as string;
  };
}

/** Whether `namespace` has `key` in `language` (for a table looked up by a stored code). */
export const hasServerText = (language: Language, namespace: ServerNamespace, key: string) =>
  instanceFor(language).exists(key, { ns: namespace });

/** One text in every language, e.g. a name the API sends in both (`{ 'zh-CN': ..., en: ... }`). */
export function inEveryLanguage(
  namespace: ServerNamespace,
  key: string,
  options?: TOptions,
): Record<Language, string> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, serverT(language, namespace)(key, options)]),
  ) as Record<Language, string>;
}
