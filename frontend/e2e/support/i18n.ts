import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';

/**
 * The language this run of the journeys speaks (docs/architecture.md#language): scripts/e2e.mjs runs every
 * journey once per language, `E2E_LANG=en` then `E2E_LANG=zh-CN`, each on a fresh database; the browser
 * prefers that language (playwright.config.ts), so the app picks it with no saved choice.
 */
export type E2eLanguage = 'en' | 'zh-CN';
export const LANG: E2eLanguage = process.env.E2E_LANG === 'zh-CN' ? 'zh-CN' : 'en';
export const isZh = LANG === 'zh-CN';

const here = dirname(fileURLToPath(import.meta.url));
const localesDir = join(here, '../../src/locales');

/** Every catalogue of one language, read from the files the app is built from. */
function loadCatalogues(language: E2eLanguage): Record<string, Record<string, unknown>> {
  const dir = join(localesDir, language);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(dir, f), 'utf8'))]),
  );
}

/** An i18next instance with the app's options (src/lib/i18n.ts), loaded synchronously. */
function instanceFor(language: E2eLanguage) {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    resources: { [language]: loadCatalogues(language) },
    initAsync: false,
    load: 'currentOnly',
    fallbackLng: false,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

const instances = new Map<E2eLanguage, ReturnType<typeof instanceFor>>();
function catalogueInstance(language: E2eLanguage) {
  let instance = instances.get(language);
  if (!instance) instances.set(language, (instance = instanceFor(language)));
  return instance;
}

/**
 * A catalogue text in this run's language, as the app renders it: tr('console:code.show'),
 * tr('orders:count', { count: 2 }). A missing key throws (a journey must not assert a key's name).
 */
export function tr(
  key: string,
  values?: Record<string, unknown>,
  language: E2eLanguage = LANG,
): string {
  const instance = catalogueInstance(language);
  if (!instance.exists(key, values)) throw new Error(`no catalogue text ${language} ${key}`);
  return String(instance.t(key, values));
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The same text as an exact, whole-string RegExp (for names with variables left as wildcards: `{{x}}` → .+). */
export function trExact(key: string, values?: Record<string, unknown>): RegExp {
  return new RegExp(`^${escapeRegExp(tr(key, values)).replace(/\\\{\\\{[^}]+\\\}\\\}/g, '.+')}$`);
}

/** The development sign-in page's texts (served by the backend in the same language). */
export const devSignIn: Record<'email' | 'name' | 'signIn' | 'cancel' | 'title', string> =
  JSON.parse(
    readFileSync(join(here, '../../../backend/src/dev-idp/dev-sign-in-texts.json'), 'utf8'),
  )[LANG];

interface SandboxPageTexts {
  pay: string;
  paidTitle: string;
  toReceipt: string;
  notPayableTitle: string;
}
const sandboxTexts: SandboxPageTexts = JSON.parse(
  readFileSync(join(here, `../../../backend/src/locales/${LANG}/sandboxPay.json`), 'utf8'),
);

/**
 * A text of the server's catalogues (backend/src/locales/<language>/<namespace>.json: the e-mails, the
 * payment methods' names) in this run's language, by `namespace:key.path` (no interpolation).
 */
export function serverText(key: string): string {
  const [namespace, path] = key.split(/:(.*)/s) as [string, string];
  const catalogue: unknown = JSON.parse(
    readFileSync(join(here, `../../../backend/src/locales/${LANG}/${namespace}.json`), 'utf8'),
  );
  const text = path
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      catalogue,
    );
  if (typeof text !== 'string') throw new Error(`no server text ${LANG}/${key}`);
  return text;
}

/** The sandbox payment page's texts (served by the backend in the customer's language). */
export const sandboxPage = {
  ...sandboxTexts,
  /** The 'pay' button's name for an amount: sandboxPage.payButton('¥699.00'). */
  payButton: (amount: string) => sandboxTexts.pay.replace('{{amount}}', amount),
};

/** A date as the app formats it in this language (src/lib/format.ts uses Intl the same way). */
export const LOCALE = isZh ? 'zh-CN' : 'en-US';

/** A day as the app shows it (src/lib/format.ts formatDate): 'November 26, 2026' / '2026年11月26日'. */
export const formatDate = (date: Date | string | number = new Date()) =>
  new Intl.DateTimeFormat(LOCALE, { year: 'numeric', month: 'long', day: 'numeric' }).format(
    new Date(date),
  );
