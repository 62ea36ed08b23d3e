/**
 * The catalogues' contract (docs/architecture.md#language), one checker for the interface's catalogues
 * (frontend/src/locales) and the server's (backend/src/locales): every language has the same namespaces
 * and keys, no empty text, the same {{variables}} per key, every `_one` beside its `_other`; the house
 * words (licence in English prose, 座位 and 沙箱 in Chinese) and English counts in plural form. Pure: the
 * tests read the files and ask these functions for the problems, which must be none.
 */

/** A catalogue as i18next reads it: nested objects of texts. */
export interface Catalogue {
  [key: string]: unknown;
}

/** Catalogues by language, then by namespace. */
export type Catalogues = Record<string, Record<string, Catalogue>>;

/** A catalogue as 'a.b.c' → text (i18next's key separator). */
export function flattenCatalogue(tree: Catalogue, prefix = ''): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(flattenCatalogue(value as Catalogue, `${prefix}${key}.`))
        : [[`${prefix}${key}`, value]],
    ),
  );
}

/** The {{variables}} a text names, sorted (a format after a comma is not part of the name). */
export const catalogueVariables = (text: string) =>
  [...text.matchAll(/{{\s*([\w.]+)\s*(?:,[^}]*)?}}/g)].map((m) => m[1]!).sort();

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * What differs between the languages' catalogues: a namespace or a key one language lacks, a text that is
 * not a non-empty string, a key whose {{variables}} differ (on a plural form, `count` may be left out:
 * i18next always gives it, and English says "A seat was" where Chinese says "1 个座位"), a `_one` without
 * its `_other`. Each problem is one line naming the language, namespace and key.
 */
export function catalogueProblems(catalogues: Catalogues): string[] {
  const problems: string[] = [];
  const languages = Object.keys(catalogues);
  const [first, ...others] = languages;
  if (!first) return ['no language'];
  const namespaces = Object.keys(catalogues[first]!).sort();
  if (!namespaces.length) problems.push(`${first}: no namespace`);
  for (const language of others) {
    const own = Object.keys(catalogues[language]!).sort();
    for (const ns of namespaces) if (!own.includes(ns)) problems.push(`${language}: no ${ns}`);
    for (const ns of own) if (!namespaces.includes(ns)) problems.push(`${first}: no ${ns}`);
  }
  for (const namespace of namespaces) {
    const flat = Object.fromEntries(
      languages.map((language) => [
        language,
        flattenCatalogue(catalogues[language]![namespace] ?? {}),
      ]),
    );
    const keys = Object.keys(flat[first]!).sort();
    for (const language of others) {
      for (const key of keys)
        if (!(key in flat[language]!)) problems.push(`${language}/${namespace}:${key} missing`);
      for (const key of Object.keys(flat[language]!))
        if (!(key in flat[first]!)) problems.push(`${first}/${namespace}:${key} missing`);
    }
    for (const language of languages)
      for (const [key, text] of Object.entries(flat[language]!)) {
        if (typeof text !== 'string' || !text.trim())
          problems.push(`${language}/${namespace}:${key} is empty or not a text`);
        const other = key.replace(/_one$/, '_other');
        if (key.endsWith('_one') && !(other in flat[language]!))
          problems.push(`${language}/${namespace}:${key} has no _other`);
      }
    for (const key of keys) {
      const of = (language: string) => {
        const text = flat[language]![key];
        const names = typeof text === 'string' ? catalogueVariables(text) : [];
        return PLURAL_SUFFIX.test(key) ? names.filter((n) => n !== 'count') : names;
      };
      const expected = of(first).join(',');
      for (const language of others)
        if (key in flat[language]! && of(language).join(',') !== expected)
          problems.push(
            `${namespace}:${key}: variables ${language} {${of(language)}} ≠ ${first} {${expected}}`,
          );
    }
  }
  return problems;
}

/** Every text of a language's catalogues as [`namespace:key`, text]. */
export function catalogueTexts(
  byNamespace: Record<string, Catalogue>,
): (readonly [string, string])[] {
  return Object.keys(byNamespace)
    .sort()
    .flatMap((namespace) =>
      Object.entries(flattenCatalogue(byNamespace[namespace]!)).map(
        ([key, text]) => [`${namespace}:${key}`, String(text)] as const,
      ),
    );
}

/**
 * The house words (docs/architecture.md#language): `licence` as the noun in English prose (British
 * English keeps `license` for the verb; the server's texts quoted by the product contract, `quoted`, keep
 * theirs; codes like LICENSE_REVOKED are not prose), 座位 for a seat and 沙箱 for the sandbox in Chinese.
 */
export function wordingProblems(
  texts: { en: (readonly [string, string])[]; 'zh-CN': (readonly [string, string])[] },
  quoted: ReadonlySet<string> = new Set(),
): string[] {
  const noun =
    /\blicense\b|\b(?:the|your|no|of|active|all|lifetime|these|those|their)\s+licenses\b/i;
  return [
    ...texts.en
      .filter(([, text]) => noun.test(text.replace(/\b[A-Z_]{2,}\b/g, '')) && !quoted.has(text))
      .map(([key, text]) => `${key}: "license" in English prose: ${text}`),
    ...texts['zh-CN']
      .filter(([, text]) => /席位|沙盒/.test(text))
      .map(([key, text]) => `${key}: 席位/沙盒 instead of 座位/沙箱: ${text}`),
  ];
}

/**
 * English counts take plural forms: a {{number}} before a counted noun must be a `_one`/`_other` key
 * (`alwaysMany`: keys whose number is never one, e.g. a plan's ceiling).
 */
export function countProblems(
  englishTexts: (readonly [string, string])[],
  alwaysMany: ReadonlySet<string> = new Set(),
): string[] {
  const counted =
    /{{\s*\w+\s*}}\s+(?:[\w-]+\s)?(seat|seats|session|sessions|order|orders|chance|chances|change|changes|question|questions|address|addresses|minute|minutes)\b/;
  return englishTexts
    .filter(([key, text]) => counted.test(text) && !PLURAL_SUFFIX.test(key) && !alwaysMany.has(key))
    .map(([key, text]) => `${key}: a count without plural forms: ${text}`);
}
