import { categoryOf, validateQuestion } from './quiz-rules';

describe('quiz rules', () => {
  const base = {
    question: '**问题**',
    explanation: '解析',
    options: [{ text: 'A' }, { text: 'B' }],
  };

  it('accepts 2-4 options after dropping blanks', () => {
    expect(
      validateQuestion({ ...base, options: [{ text: ' A ' }, { text: '' }, { text: 'B' }] })
        .options,
    ).toEqual(['A', 'B']);
  });

  it.each([
    [{ ...base, question: '   ' }, '题目内容不能为空'],
    [
      { ...base, options: [{ text: 'A' }, { text: ' ' }] },
      '选项数量必须在2-4个之间（当前有 1 个）',
    ],
    [
      { ...base, options: ['1', '2', '3', '4', '5'].map((text) => ({ text })) },
      '选项数量必须在2-4个之间（当前有 5 个）',
    ],
    [{ ...base, explanation: '' }, '解析不能为空'],
  ])('refuses %#', (input, message) => {
    expect(() => validateQuestion(input)).toThrow(message);
  });

  it('gives blank categories the default and stable slugs to others', () => {
    expect(categoryOf('  ')).toEqual({ slug: 'general', label: '通用' });
    expect(categoryOf(null)).toEqual({ slug: 'general', label: '通用' });
    expect(categoryOf('Theme Basics')).toEqual({ slug: 'theme-basics', label: 'Theme Basics' });
    expect(categoryOf('编辑器')).toEqual(categoryOf(' 编辑器 '));
    expect(categoryOf('编辑器').slug).toMatch(/^c-[0-9a-f]{10}$/);
  });
});
