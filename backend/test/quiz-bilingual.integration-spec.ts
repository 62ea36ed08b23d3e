import { QUIZ_MANAGER_EMAIL, signIn, type RunningApp, withFreshApp } from './support/app';
import { customer } from './support/customer';
import { giveSeats } from './support/factories';

/**
 * The bilingual question bank and the category rules (docs/rules.md, quiz categories): players get the
 * texts in their language (the `lang` query, else the `lang` cookie, else Accept-Language), the other
 * language's when one is empty; editors write both; a category is named by either of its labels and a
 * save never renames a category for everyone.
 */
describe('quiz: a bank in two languages, and categories kept', () => {
  let running: RunningApp;
  let base: string;
  let manager: Awaited<ReturnType<typeof signIn>>['agent'];
  let player: Awaited<ReturnType<typeof customer>>;

  withFreshApp({}, async (app) => {
    running = app;
    base = app.url;
    manager = (await signIn(base, QUIZ_MANAGER_EMAIL)).agent;
    player = await customer(base);
    await giveSeats(running, player.userId, 'basic', 1);
  });

  type Q = {
    id: string;
    question: string;
    explanation: string;
    categoryLabel: string;
    categorySlug: string;
    options: { text: string; isCorrect: boolean }[];
  };
  const questions = async (query: string, headers: Record<string, string> = {}) => {
    let req = player.agent.get(`/api/quiz/questions${query}`);
    for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
    return (await req.expect(200)).body.questions as Q[];
  };
  const save = (body: Record<string, unknown>, id?: string) =>
    (id
      ? manager.put(`/api/quiz/admin/questions/${id}`)
      : manager.post('/api/quiz/admin/questions')
    )
      .set('Origin', base)
      .send({
        question: '题目',
        explanation: '解析',
        options: [{ text: '对' }, { text: '错' }],
        isActive: true,
        ...body,
      });
  const categories = async () =>
    (await manager.get('/api/quiz/admin/categories').expect(200)).body.categories as {
      slug: string;
      label: string;
      labelEn: string;
    }[];

  it('gives the seeded questions English texts, served to an English player', async () => {
    const zh = await questions('?lang=zh-CN');
    const en = await questions('?lang=en');
    expect(en.length).toBe(zh.length);
    expect(en.length).toBeGreaterThanOrEqual(20);
    const hasChinese = (s: string) => /[\u4e00-\u9fff]/.test(s);
    const chinese = en.flatMap((q) =>
      [q.question, q.explanation, q.categoryLabel, ...q.options.map((o) => o.text)].filter(
        hasChinese,
      ),
    );
    expect(chinese).toEqual([]);
    expect(zh.every((q) => hasChinese(q.question) && hasChinese(q.categoryLabel))).toBe(true);
    // Same questions, same options and answers, in the other language.
    const first = zh[0]!;
    const same = en.find((q) => q.id === first.id)!;
    expect(same.options.map((o) => [o.isCorrect])).toEqual(first.options.map((o) => [o.isCorrect]));
    expect(same.categorySlug).toBe(first.categorySlug);
  });

  it("reads the player's language from the lang query, else the lang cookie, else Accept-Language", async () => {
    const seeded = (await questions('?lang=en'))[0]!;
    const pick = (list: Q[]) => list.find((q) => q.id === seeded.id)!.question;
    expect(pick(await questions('', { 'Accept-Language': 'en-US,en;q=0.9' }))).toBe(
      seeded.question,
    );
    expect(pick(await questions('', { Cookie: 'lang=en' }))).toBe(seeded.question);
    expect(pick(await questions('', { 'Accept-Language': 'zh-CN' }))).not.toBe(seeded.question);
    expect(pick(await questions('?lang=en', { 'Accept-Language': 'zh-CN' }))).toBe(seeded.question);
    await player.agent.get('/api/quiz/questions?lang=fr').expect(400);
  });

  it('lets editors write both languages, and falls back to the other when one is empty', async () => {
    const both = (
      await save({
        question: '中文题目',
        questionEn: 'English question',
        explanation: '中文解析',
        explanationEn: 'English explanation',
        categoryLabel: '双语',
        categoryLabelEn: 'Bilingual',
        options: [
          { text: '对', textEn: 'Right' },
          { text: '错', textEn: '' },
        ],
      }).expect(201)
    ).body.question;
    expect(both).toMatchObject({
      question: '中文题目',
      questionEn: 'English question',
      explanationEn: 'English explanation',
      categoryLabel: '双语',
      categoryLabelEn: 'Bilingual',
      options: [
        { text: '对', textEn: 'Right', isCorrect: true },
        { text: '错', textEn: '', isCorrect: false },
      ],
    });
    const englishOnly = (
      await save({
        question: '',
        questionEn: 'Only English',
        explanation: '',
        explanationEn: 'Only English, explained',
        categoryLabel: null,
        options: [
          { text: '', textEn: 'Yes' },
          { text: '', textEn: 'No' },
        ],
      }).expect(201)
    ).body.question;
    const en = await questions('?lang=en');
    const zh = await questions('?lang=zh-CN');
    expect(en.find((q) => q.id === both.id)).toMatchObject({
      question: 'English question',
      categoryLabel: 'Bilingual',
      options: [{ text: 'Right' }, { text: '错' }],
    });
    expect(zh.find((q) => q.id === both.id)).toMatchObject({
      question: '中文题目',
      categoryLabel: '双语',
    });
    expect(zh.find((q) => q.id === englishOnly.id)).toMatchObject({
      question: 'Only English',
      explanation: 'Only English, explained',
      categoryLabel: '通用',
      options: [{ text: 'Yes' }, { text: 'No' }],
    });
    expect(en.find((q) => q.id === englishOnly.id)!.categoryLabel).toBe('General');
    // Neither language: the spec's message.
    expect((await save({ question: ' ', questionEn: '' }).expect(400)).body.message).toBe(
      '题目内容不能为空',
    );
  });

  it('keeps a default-category question in the default category when its edit form is saved', async () => {
    const created = (await save({ categoryLabel: null }).expect(201)).body.question;
    expect(created).toMatchObject({ categorySlug: 'general', categoryLabel: '通用' });
    // The edit form fills the category field with the stored label and sends it back as it is.
    const edited = (
      await save(
        { categoryLabel: created.categoryLabel, question: '改过的题目' },
        created.id,
      ).expect(200)
    ).body.question;
    expect(edited).toMatchObject({ categorySlug: 'general', categoryLabel: '通用' });
    const general = (await categories()).filter(
      (c) => c.label === '通用' || c.labelEn === 'General',
    );
    expect(general).toEqual([{ slug: 'general', label: '通用', labelEn: 'General' }]);
  });

  it("maps an existing category's label (either language) to its slug", async () => {
    const first = (
      await save({ categoryLabel: '主题技巧', categoryLabelEn: 'Theme tips' }).expect(201)
    ).body.question;
    const byChinese = (await save({ categoryLabel: '主题技巧' }).expect(201)).body.question;
    const byEnglish = (await save({ categoryLabel: 'theme tips' }).expect(201)).body.question;
    for (const q of [byChinese, byEnglish])
      expect(q).toMatchObject({
        categorySlug: first.categorySlug,
        categoryLabel: '主题技巧',
        categoryLabelEn: 'Theme tips',
      });
    expect((await categories()).filter((c) => c.slug === first.categorySlug)).toHaveLength(1);
    const filtered = (
      await manager.get(`/api/quiz/admin/questions?category=${first.categorySlug}`).expect(200)
    ).body.questions;
    expect(filtered).toHaveLength(3);
  });

  it('does not rename the default category for everyone when a call names it "General"', async () => {
    const q = (await save({ categoryLabel: 'General' }).expect(201)).body.question;
    expect(q).toMatchObject({
      categorySlug: 'general',
      categoryLabel: '通用',
      categoryLabelEn: 'General',
    });
    await save({ categoryLabel: 'GENERAL' }).expect(201);
    const general = (await categories()).find((c) => c.slug === 'general');
    expect(general).toEqual({ slug: 'general', label: '通用', labelEn: 'General' });
    const zh = await questions('?lang=zh-CN');
    expect(
      zh.filter((x) => x.categorySlug === 'general').every((x) => x.categoryLabel === '通用'),
    ).toBe(true);
  });
});
