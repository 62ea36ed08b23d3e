import request from 'supertest';
import {
  ADMIN_EMAIL,
  QUIZ_MANAGER_EMAIL,
  signIn,
  type RunningApp,
  withFreshApp,
} from './support/app';
import { customer, errorOf } from './support/customer';
import { giveSeats } from './support/factories';

describe('quiz: question bank, access and the admin editor', () => {
  let running: RunningApp;
  let base: string;
  let manager: Awaited<ReturnType<typeof signIn>>['agent'];

  withFreshApp({}, async (app) => {
    running = app;
    base = app.url;
    manager = (await signIn(base, QUIZ_MANAGER_EMAIL)).agent;
  });

  const body = (over: Record<string, unknown> = {}) => ({
    question: '**哪一项**是正确的？',
    explanation: '因为 *第一项* 正确。',
    categoryLabel: '测试分类',
    options: [{ text: '正确答案' }, { text: '错误答案' }],
    isActive: true,
    ...over,
  });
  const create = (over: Record<string, unknown> = {}) =>
    manager.post('/api/quiz/admin/questions').set('Origin', base).send(body(over));

  it('seeds at least 20 Chinese questions in at least 3 categories on an empty database', async () => {
    const { questions } = (await manager.get('/api/quiz/admin/questions').expect(200)).body;
    expect(questions.length).toBeGreaterThanOrEqual(20);
    const { categories } = (await manager.get('/api/quiz/admin/categories').expect(200)).body;
    expect(categories.length).toBeGreaterThanOrEqual(3);
    for (const q of questions) {
      expect(q.options.length).toBeGreaterThanOrEqual(2);
      expect(q.options[0]).toMatchObject({ originOrder: 0, isCorrect: true });
      expect(q.options.filter((o: { isCorrect: boolean }) => o.isCorrect)).toHaveLength(1);
    }
  });

  it('serves questions to plan holders and admins, and refuses users without a valid plan', async () => {
    const none = await customer(base);
    expect((await none.agent.get('/api/quiz/questions').expect(403)).body).toEqual(
      errorOf('a valid plan is needed to access the quiz', 403),
    );
    await giveSeats(running, none.userId, 'basic', 1, {
      licenseType: 'yearly',
      expiresAt: new Date(Date.now() - 1000),
    });
    await none.agent.get('/api/quiz/questions').expect(403);
    const holder = await customer(base);
    await giveSeats(running, holder.userId, 'basic', 1);
    const { questions } = (await holder.agent.get('/api/quiz/questions').expect(200)).body;
    expect(questions[0]).toEqual({
      id: expect.any(String),
      question: expect.any(String),
      options: expect.arrayContaining([expect.objectContaining({ isCorrect: true })]),
      explanation: expect.any(String),
      categoryLabel: expect.any(String),
      categorySlug: expect.any(String),
    });
    const { agent: admin } = await signIn(base, ADMIN_EMAIL);
    await admin.get('/api/quiz/questions').expect(200);
    await request(base).get('/api/quiz/questions').expect(401);
  });

  it('creates, updates and deletes with the first option correct, audited', async () => {
    const created = (
      await create({
        options: [{ text: 'A' }, { text: ' ' }, { text: 'B' }, { text: 'C' }],
      }).expect(201)
    ).body.question;
    expect(created).toMatchObject({ categoryLabel: '测试分类', isActive: true });
    expect(
      created.options.map((o: { text: string; isCorrect: boolean; originOrder: number }) => [
        o.text,
        o.isCorrect,
        o.originOrder,
      ]),
    ).toEqual([
      ['A', true, 0],
      ['B', false, 1],
      ['C', false, 2],
    ]);
    const updated = (
      await manager
        .put(`/api/quiz/admin/questions/${created.id}`)
        .set('Origin', base)
        .send(body({ categoryLabel: null, isActive: false }))
        .expect(200)
    ).body.question;
    expect(updated).toMatchObject({
      id: created.id,
      categorySlug: 'general',
      categoryLabel: '通用',
      isActive: false,
    });
    expect(updated.options).toHaveLength(2);
    const holder = await customer(base);
    await giveSeats(running, holder.userId, 'pro', 1);
    const visible = (await holder.agent.get('/api/quiz/questions')).body.questions.map(
      (q: { id: string }) => q.id,
    );
    expect(visible).not.toContain(created.id);
    await manager.delete(`/api/quiz/admin/questions/${created.id}`).set('Origin', base).expect(200);
    await manager.delete(`/api/quiz/admin/questions/${created.id}`).set('Origin', base).expect(404);
    const { agent: admin } = await signIn(base, ADMIN_EMAIL);
    const actions = (await admin.get('/api/admin/audit?actor=quiz@&pageSize=10')).body.items.map(
      (e: { action: string }) => e.action,
    );
    expect(actions.slice(0, 3)).toEqual(['quiz.delete', 'quiz.update', 'quiz.create']);
  });

  it.each([
    [{ question: '   ' }, '题目内容不能为空'],
    [{ options: [{ text: '只有一个' }] }, '选项数量必须在2-4个之间（当前有 1 个）'],
    [
      { options: ['1', '2', '3', '4', '5'].map((text) => ({ text })) },
      '选项数量必须在2-4个之间（当前有 5 个）',
    ],
    [{ explanation: '' }, '解析不能为空'],
  ])('refuses %p with its Chinese message', async (over, message) => {
    expect((await create(over).expect(400)).body).toEqual(errorOf(message));
  });

  it('filters by category', async () => {
    await create({ categoryLabel: 'Filter Me' }).expect(201);
    const { categories } = (await manager.get('/api/quiz/admin/categories')).body;
    expect(categories).toContainEqual({ slug: 'filter-me', label: 'Filter Me', labelEn: '' });
    const filtered = (await manager.get('/api/quiz/admin/questions?category=filter-me').expect(200))
      .body.questions;
    expect(filtered).toHaveLength(1);
    expect(filtered[0].categoryLabel).toBe('Filter Me');
  });

  it('keeps the admin editor to admins and quiz managers', async () => {
    const user = await customer(base);
    expect((await user.agent.get('/api/quiz/admin/questions').expect(403)).body).toEqual(
      errorOf('Quiz admin access required', 403),
    );
    await request(base).get('/api/quiz/admin/categories').expect(401);
    const { agent: admin } = await signIn(base, ADMIN_EMAIL);
    await admin.get('/api/quiz/admin/questions').expect(200);
  });
});
