import { describe, expect, it } from 'vitest';
import {
  catalogueProblems,
  catalogueTexts,
  catalogueVariables,
  countProblems,
  flattenCatalogue,
  wordingProblems,
} from './catalogues';

describe('the catalogue checker', () => {
  it('flattens nested keys and reads variables', () => {
    expect(flattenCatalogue({ a: { b: 'x', c: { d: 'y' } }, e: 'z' })).toEqual({
      'a.b': 'x',
      'a.c.d': 'y',
      e: 'z',
    });
    expect(catalogueVariables('{{ b }} and {{a, number}} {{b}}')).toEqual(['a', 'b', 'b']);
  });

  it('finds nothing in matching catalogues', () => {
    expect(
      catalogueProblems({
        en: { mail: { t: 'Hi {{name}}', s_one: 'A seat', s_other: '{{count}} seats' } },
        'zh-CN': {
          mail: { t: '{{name}}，您好', s_one: '{{count}} 个座位', s_other: '{{count}} 个座位' },
        },
      }),
    ).toEqual([]);
  });

  it('names each difference: namespace, key, empty text, variables, a _one without _other', () => {
    const problems = catalogueProblems({
      en: { mail: { a: 'A {{x}}', b: 'B', c_one: 'one', nested: { d: 'D' } }, only: { k: 'K' } },
      'zh-CN': { mail: { a: '甲 {{y}}', b: ' ', c_one: '一', extra: '多' } },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'zh-CN: no only',
        'zh-CN/mail:nested.d missing',
        'en/mail:extra missing',
        'zh-CN/mail:b is empty or not a text',
        'en/mail:c_one has no _other',
        'mail:a: variables zh-CN {y} ≠ en {x}',
      ]),
    );
  });

  it('holds the house words and English plural counts', () => {
    const en = catalogueTexts({ x: { a: 'Your license', b: 'A licence', c: 'Licensed sites' } });
    const zh = catalogueTexts({ x: { a: '沙盒支付', b: '沙箱支付' } });
    expect(wordingProblems({ en, 'zh-CN': zh })).toEqual([
      'x:a: "license" in English prose: Your license',
      'x:a: 席位/沙盒 instead of 座位/沙箱: 沙盒支付',
    ]);
    expect(wordingProblems({ en, 'zh-CN': [] }, new Set(['Your license']))).toEqual([]);
    expect(
      countProblems(
        catalogueTexts({
          y: { a: '{{n}} site seats', b_other: '{{count}} seats', c: '{{n}} minutes' },
        }),
      ),
    ).toEqual([
      'y:a: a count without plural forms: {{n}} site seats',
      'y:c: a count without plural forms: {{n}} minutes',
    ]);
  });
});
