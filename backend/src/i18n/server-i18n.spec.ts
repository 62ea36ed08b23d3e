import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  catalogueProblems,
  catalogueTexts,
  countProblems,
  LANGUAGES,
  wordingProblems,
  type Catalogue,
} from '@seatkeeper/domain';
import { inEveryLanguage, SERVER_CATALOGUES, serverT } from './server-i18n';

/**
 * The server's catalogues (src/locales/<language>/<namespace>.json) under the same contract as the
 * interface's (frontend/src/locales/catalogues.test.ts), through the same checker (libs/domain
 * catalogues.ts): same namespaces and keys, no empty text, same variables, plural pairs, house words.
 */
const localesDir = join(__dirname, '../locales');
const srcDir = join(__dirname, '..');

const onDisk = Object.fromEntries(
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

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourcesUnder(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

describe('the server catalogues', () => {
  it('are all loaded: every file on disk is in SERVER_CATALOGUES, and only those', () => {
    for (const language of LANGUAGES)
      expect(Object.keys(SERVER_CATALOGUES[language]).sort()).toEqual(
        Object.keys(onDisk[language]!).sort(),
      );
  });

  it('have the same keys in both languages, no empty text, the same variables', () => {
    expect(catalogueProblems(onDisk)).toEqual([]);
  });

  it('say licence, 座位 and 沙箱, and count with plural forms in English', () => {
    const texts = (language: string) => catalogueTexts(onDisk[language]!);
    expect(wordingProblems({ en: texts('en'), 'zh-CN': texts('zh-CN') })).toEqual([]);
    expect(countProblems(texts('en'))).toEqual([]);
  });

  it('hold every key the code names', () => {
    const missing: string[] = [];
    let used = 0;
    for (const file of sourcesUnder(srcDir)) {
      const source = readFileSync(file, 'utf8');
      const namespace = /mailTexts\(/.test(source)
        ? 'mail'
        : /serverT\([^,)]+,\s*'(\w+)'\)/.exec(source)?.[1];
      const keys: [string, string][] = [
        ...[...source.matchAll(/\binEveryLanguage\(\s*'(\w+)',\s*'([^']+)'/g)].map(
          (m) => [m[1]!, m[2]!] as [string, string],
        ),
        ...(namespace
          ? [...source.matchAll(/\bt\(\s*'([^']+)'/g)].map(
              (m) => [namespace, m[1]!] as [string, string],
            )
          : []),
      ];
      for (const [ns, key] of keys) {
        used++;
        const flat = Object.keys(
          Object.fromEntries(catalogueTexts({ [ns]: onDisk.en![ns] ?? {} })),
        );
        if (!flat.includes(`${ns}:${key}`) && !flat.includes(`${ns}:${key}_other`))
          missing.push(`${relative(srcDir, file)}: ${ns}:${key}`);
      }
    }
    expect(used).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });
});

describe('serverT', () => {
  it('gives each language its text, with the plural form of the count', () => {
    expect(serverT('en', 'mail')('seatRevoked.title', { count: 1 })).toBe('Seat revoked');
    expect(serverT('en', 'mail')('seatRevoked.title', { count: 2 })).toBe('Seats revoked');
    expect(serverT('zh-CN', 'mail')('seatRevoked.title', { count: 2 })).toBe('座位已被收回');
    expect(serverT('en', 'mail')('signInCode.enter', { count: 1 })).toContain('for 1 minute:');
    expect(inEveryLanguage('mail', 'notBound')).toEqual({ 'zh-CN': '未绑定', en: 'not bound' });
  });

  it('puts values in as written, never read as markup or as a template (the layout escapes)', () => {
    const t = serverT('en', 'mail');
    expect(t('greeting', { name: '<b>Ann</b> & "Bo"' })).toBe('Hello <b>Ann</b> & "Bo",');
    expect(t('greeting', { name: '{{brand}} $t(mail:refund.title)' })).toBe(
      'Hello {{brand}} $t(mail:refund.title),',
    );
  });

  it('refuses a key the catalogue lacks rather than showing the key', () => {
    expect(() => serverT('en', 'mail')('refund.nothing')).toThrow('no text en/mail:refund.nothing');
  });
});
