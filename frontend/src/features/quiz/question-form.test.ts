import { describe, expect, it } from 'vitest';
import { setTestLanguage } from '../../test/i18n';
import type { AdminQuizQuestion } from './api/types';
import {
  categorySuggestions,
  EMPTY_QUESTION_FORM,
  formValuesOf,
  parseOptions,
  questionBody,
  questionFormRules,
} from './question-form';

const stored: AdminQuizQuestion = {
  id: 'q1',
  question: '**什么**是区块？',
  questionEn: '',
  explanation: '见文档。',
  explanationEn: '',
  categorySlug: 'basics',
  categoryLabel: '基础',
  categoryLabelEn: '',
  isActive: false,
  options: [
    { id: 'o2', text: '错误一', originOrder: 1, isCorrect: false, textEn: '' },
    { id: 'o3', text: '错误二', originOrder: 2, isCorrect: false, textEn: '' },
    { id: 'o1', text: '正确', originOrder: 0, isCorrect: true, textEn: '' },
  ],
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('quiz admin form rules', () => {
  it('drops blank lines and trims options', () => {
    expect(parseOptions('  A \n\n B\r\n   \nC\n')).toEqual(['A', 'B', 'C']);
    expect(parseOptions('')).toEqual([]);
  });

  it('needs a question, 2-4 options and an explanation, with the spec texts (zh-CN)', async () => {
    await setTestLanguage('zh-CN');
    expect(questionFormRules.question('  ')).toBe('题目内容不能为空');
    expect(questionFormRules.question('x')).toBeNull();
    expect(questionFormRules.options('')).toBe('选项数量必须在2-4个之间（当前有 0 个）');
    expect(questionFormRules.options('A\n\n')).toBe('选项数量必须在2-4个之间（当前有 1 个）');
    expect(questionFormRules.options('A\nB')).toBeNull();
    expect(questionFormRules.options('A\nB\nC\nD')).toBeNull();
    expect(questionFormRules.options('A\nB\nC\nD\nE')).toBe(
      '选项数量必须在2-4个之间（当前有 5 个）',
    );
    expect(questionFormRules.explanation('\n')).toBe('解析不能为空');
    expect(questionFormRules.explanation('because')).toBeNull();
  });

  it('words the same checks in English in en', () => {
    expect(questionFormRules.question('  ')).toBe('Question content cannot be empty');
    expect(questionFormRules.options('A')).toBe('There must be 2-4 options (currently 1)');
    expect(questionFormRules.explanation('')).toBe('Explanation cannot be empty');
  });

  it('builds the request body: trimmed text, blank category as null, options in typed order', () => {
    expect(
      questionBody({
        ...EMPTY_QUESTION_FORM,
        categoryLabel: '  ',
        question: ' Q ',
        options: '正确\n\n错误',
        explanation: ' E ',
        isActive: true,
      }),
    ).toEqual({
      question: 'Q',
      questionEn: '',
      explanation: 'E',
      explanationEn: '',
      categoryLabel: null,
      categoryLabelEn: null,
      options: [
        { text: '正确', textEn: '' },
        { text: '错误', textEn: '' },
      ],
      isActive: true,
    });
    expect(questionBody({ ...EMPTY_QUESTION_FORM, categoryLabel: ' 主题 ' }).categoryLabel).toBe(
      '主题',
    );
  });

  it('loads a stored question with the correct option on the first line', () => {
    expect(formValuesOf(stored)).toEqual({
      categoryLabel: '基础',
      categoryLabelEn: '',
      question: '**什么**是区块？',
      questionEn: '',
      options: '正确\n错误一\n错误二',
      optionsEn: '',
      explanation: '见文档。',
      explanationEn: '',
      isActive: false,
    });
  });

  it('carries both languages: loads and sends the English texts line by line with the Chinese', () => {
    const bilingual: AdminQuizQuestion = {
      ...stored,
      questionEn: 'What is a block?',
      explanationEn: 'See the docs.',
      categoryLabelEn: 'Basics',
      options: stored.options.map((o) => ({ ...o, textEn: `${o.text}-en` })),
    };
    const values = formValuesOf(bilingual);
    expect(values).toMatchObject({
      categoryLabelEn: 'Basics',
      questionEn: 'What is a block?',
      optionsEn: '正确-en\n错误一-en\n错误二-en',
    });
    expect(questionBody(values)).toMatchObject({
      categoryLabel: '基础',
      categoryLabelEn: 'Basics',
      options: [
        { text: '正确', textEn: '正确-en' },
        { text: '错误一', textEn: '错误一-en' },
        { text: '错误二', textEn: '错误二-en' },
      ],
    });
    // English only is a whole question; English options must line up with the Chinese ones.
    const en = { ...EMPTY_QUESTION_FORM, questionEn: 'Q', explanationEn: 'E', optionsEn: 'A\nB' };
    expect(questionFormRules.question('', en)).toBeNull();
    expect(questionFormRules.explanation('', en)).toBeNull();
    expect(questionFormRules.options('', en)).toBeNull();
    expect(questionFormRules.optionsEn('A\nB', { ...en, options: 'x\ny\nz' })).toBe(
      'The English options must match the options line by line (2 of 3)',
    );
  });

  it('suggests each category label once', () => {
    expect(
      categorySuggestions([
        { slug: 'a', label: '基础', labelEn: 'Basics' },
        { slug: 'b', label: '主题', labelEn: '' },
        { slug: 'c', label: '基础', labelEn: '' },
      ]),
    ).toEqual(['基础', '主题']);
  });
});
