import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  catalogueProblems,
  catalogueTexts,
  countProblems,
  flattenCatalogue,
  wordingProblems,
} from '@seatkeeper/domain';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../lib/i18n';

/**
 * The catalogues' contract (docs/architecture.md#language): both languages have the same namespaces
 * and keys, no empty text, the same {{variables}} per key (the shared checker, libs/domain catalogues.ts,
 * which the server's catalogues pass too); every key the code names exists; every error code the server
 * can send has a text, the spec's wording kept in the language it is written in.
 */
const localesDir = import.meta.dirname;
const srcDir = join(localesDir, '..');
const backendSrc = join(srcDir, '../../backend/src');

type Catalogue = Record<string, unknown>;
const catalogues: Record<string, Record<string, Catalogue>> = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    Object.fromEntries(
      readdirSync(join(localesDir, language))
        .filter((file) => file.endsWith('.json'))
        .map((file) => [
          file.replace(/\.json$/, ''),
          JSON.parse(readFileSync(join(localesDir, language, file), 'utf8')) as Catalogue,
        ]),
    ),
  ]),
);

const flatten = (tree: Catalogue) => flattenCatalogue(tree);

const [first] = LANGUAGES;
const namespaces = Object.keys(catalogues[first]!).sort();

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : filesUnder(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `ns:key` for every literal key the source passes to t(), i18n.t() or <Trans i18nKey>. */
function keysUsedIn(source: string): string[] {
  const declared = /useTranslation\(\s*['"]([\w-]+)['"]/.exec(source)?.[1] ?? 'common';
  const keys = [
    ...source.matchAll(/\bt\(\s*(['"])([^'"]+)\1/g),
    ...source.matchAll(/\bi18nKey=\{?\s*(['"])([^'"]+)\1/g),
  ].map((m) => m[2]!);
  return keys.map((key) => (key.includes(':') ? key : `${declared}:${key}`));
}

describe('the catalogues', () => {
  it('have the same namespaces in every language', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    expect(catalogueProblems(catalogues).filter((p) => !p.includes(':'))).toEqual([]);
  });

  it.each(namespaces)('%s: same keys, no empty texts, same variables', (namespace) => {
    const one = Object.fromEntries(
      LANGUAGES.map((language) => [language, { [namespace]: catalogues[language]![namespace]! }]),
    );
    expect(catalogueProblems(one)).toEqual([]);
  });

  it('hold every key the code names', () => {
    const flat = Object.fromEntries(
      namespaces.map((namespace) => [namespace, flatten(catalogues[first]![namespace]!)]),
    );
    const missing: string[] = [];
    let used = 0;
    for (const file of filesUnder(srcDir)) {
      for (const key of keysUsedIn(readFileSync(file, 'utf8'))) {
        used++;
        const [namespace, path] = key.split(/:(.*)/s) as [string, string];
        // A plural key (t('seats', { count })) lives as seats_one / seats_other.
        const known = (k: string) => k in flat[namespace]! || `${k}_other` in flat[namespace]!;
        if (!flat[namespace] || !known(path)) missing.push(`${relative(srcDir, file)}: ${key}`);
      }
    }
    expect(used).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});

/** The backend's error tables: code → the server's text (from *-errors.ts). */
function serverErrors(): Map<string, string> {
  const texts = new Map<string, string>();
  const files = readdirSync(backendSrc, { recursive: true, encoding: 'utf8' }).filter((file) =>
    /-errors\.ts$/.test(file),
  );
  for (const file of files) {
    const source = readFileSync(join(backendSrc, file), 'utf8');
    const values = new Map(
      [...source.matchAll(/^\s*(\w+) = '([^']+)',?$/gm)].map((m) => [m[1]!, m[2]!]),
    );
    for (const m of source.matchAll(
      /\[\w+ErrorCode\.(\w+)\]:\s*{\s*status:\s*\d+,\s*text:\s*'([^']*)'/g,
    ))
      texts.set(values.get(m[1]!) ?? m[1]!, m[2]!);
  }
  return texts;
}

describe('the errors catalogue', () => {
  const server = serverErrors();
  const hasChinese = (text: string) => /[\u4e00-\u9fff]/.test(text);

  it('has a text for every code the server sends', () => {
    expect(server.size).toBeGreaterThan(50);
    const known = Object.keys(catalogues[first]!.errors!);
    expect([...server.keys()].filter((code) => !known.includes(code))).toEqual([]);
  });

  it("keeps the server's wording in the language it is written in", () => {
    for (const [code, text] of server) {
      const en = catalogues.en!.errors![code] as string | undefined;
      const zh = catalogues['zh-CN']!.errors![code] as string | undefined;
      if (hasChinese(text)) expect(zh, code).toBe(text);
      // Codes whose text depends on the case show the server's text itself in English ({{message}}),
      // or word it from the values the refusal carries beside it ({{zipVersion}}, docs/architecture.md).
      else if (en !== '{{message}}' && !/{{\s*(?!message\b)\w+\s*}}/.test(en ?? ''))
        expect(en, code).toBe(text);
    }
  });
});

/**
 * One word per thing in each language (docs/architecture.md#language): `licence` in English prose (the
 * server's own error texts quoted by the product contract keep their `License`), 座位 for a seat and 沙箱
 * for the sandbox gateway in Chinese. Keys, codes and identifiers (LICENSE_REVOKED) are not prose.
 */
describe('the wording', () => {
  const texts = (language: string) => catalogueTexts(catalogues[language]!);
  /** The server's texts, quoted word for word by the product contract (docs/product.md#errors). */
  const quotedLicense = new Set([
    'License not found',
    'License has expired',
    'No binding changes left for this license',
    'Failed to fetch licenses',
    'Failed to bind license',
    'License ID is required',
  ]);

  it('spells licence the British way in English prose', () => {
    // The noun only: British English keeps `license` for the verb (a seat licenses a site, licensed sites).
    expect(wordingProblems({ en: texts('en'), 'zh-CN': [] }, quotedLicense)).toEqual([]);
    expect(texts('en').some(([, text]) => /\blicence\b/.test(text))).toBe(true);
  });

  it('says 座位 for a seat and 沙箱 for the sandbox in Chinese', () => {
    expect(wordingProblems({ en: [], 'zh-CN': texts('zh-CN') })).toEqual([]);
  });

  it('counts with plural forms in English: a number before a counted noun is a _one/_other key', () => {
    // A plan's ceiling or size shown on the pricing page: Max and VIP hold many seats, never one.
    const alwaysMany = new Set(['plans:seatsUpTo', 'pricing:seatsGrowing', 'pricing:vip.text']);
    expect(countProblems(texts('en'), alwaysMany)).toEqual([]);
  });
});
