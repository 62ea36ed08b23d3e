import { categoryOf, inLanguage, resolveCategory, validateQuestion } from './quiz-rules';

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
    ).toEqual([
      { text: 'A', textEn: '' },
      { text: 'B', textEn: '' },
    ]);
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

  it('takes a question in either language, an option being its two texts', () => {
    const en = { question: '', questionEn: 'Q', explanation: '', explanationEn: 'E' };
    expect(
      validateQuestion({
        ...en,
        options: [{ text: '', textEn: 'A' }, { text: 'B' }, { text: ' ' }],
      }).options,
    ).toEqual([
      { text: '', textEn: 'A' },
      { text: 'B', textEn: '' },
    ]);
  });

  it("gives the player's language, else the other", () => {
    expect(inLanguage('en', '中文', 'English')).toBe('English');
    expect(inLanguage('en', '中文', ' ')).toBe('中文');
    expect(inLanguage('zh-CN', '中文', 'English')).toBe('中文');
    expect(inLanguage('zh-CN', '', 'English')).toBe('English');
  });

  describe('the category a question is saved in', () => {
    const theme = { slug: 'c-0123456789', label: '主题', labelEn: 'Theme' };
    it('blank labels: the default category', () => {
      expect(resolveCategory({ label: ' ', labelEn: null }, [theme])).toEqual({
        slug: 'general',
        label: '通用',
        labelEn: 'General',
      });
    });
    it("an existing category's label in either language maps to its slug, its labels kept", () => {
      for (const labels of [{ label: '通用' }, { labelEn: 'general' }, { label: 'General' }])
        expect(resolveCategory(labels, [theme]).slug).toBe('general');
      expect(resolveCategory({ label: '通用', labelEn: 'Common' }, [])).toEqual({
        slug: 'general',
        label: '通用',
        labelEn: 'General',
      });
      expect(resolveCategory({ label: '主题' }, [theme])).toEqual(theme);
      expect(resolveCategory({ labelEn: 'theme' }, [theme])).toEqual(theme);
    });
    it('a new label: a new category; a label whose slug exists joins it', () => {
      expect(resolveCategory({ label: '安装', labelEn: 'Set up' }, [theme])).toEqual({
        slug: 'set-up',
        label: '安装',
        labelEn: 'Set up',
      });
      expect(resolveCategory({ labelEn: 'GENERAL!' }, []).label).toBe('通用');
    });
    it("fills a category's missing label", () => {
      const bare = { slug: 'c-1', label: '插件', labelEn: '' };
      expect(resolveCategory({ label: '插件', labelEn: 'Plugin' }, [bare])).toEqual({
        ...bare,
        labelEn: 'Plugin',
      });
    });
  });
});
