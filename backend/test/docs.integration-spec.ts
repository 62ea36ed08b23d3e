import request from 'supertest';
import {
  ADMIN_EMAIL,
  QUIZ_MANAGER_EMAIL,
  signIn,
  startApp,
  withFreshApp,
  type RunningApp,
} from './support/app';
import { customer, errorOf } from './support/customer';
import { createTestDatabase, TEST_DB } from './support/database';

type Agent = Awaited<ReturnType<typeof signIn>>['agent'];

/** Docs sections in the database, edited by admins (docs/product.md#screens, /docs and /admin/docs). */
describe('docs sections', () => {
  let base: string;
  let admin: Agent;

  withFreshApp({}, async (app: RunningApp) => {
    base = app.url;
    admin = (await signIn(base, ADMIN_EMAIL)).agent;
  });

  const put = (slug: string, lang: string, body: unknown, agent: Agent = admin) =>
    agent
      .put(`/api/admin/docs/${slug}/${lang}`)
      .set('Origin', base)
      .send(body as object);

  it('seeds the sections from the files: the written ones in both languages', async () => {
    const zh = (await request(base).get('/api/docs-sections?lang=zh-CN').expect(200)).body;
    expect(zh.lang).toBe('zh-CN');
    expect(zh.sections.map((s: { slug: string }) => s.slug)).toEqual([
      'introduction',
      'installation',
      'configuration',
      'editor-basics',
      'html-editing',
      'dynamic-templates',
      'ai-assist',
      'theme-features',
      'customization',
      'performance',
      'token-auth',
      'api-endpoints',
      'error-handling',
    ]);
    const written = (list: { slug: string; hasContent: boolean }[]) =>
      list.filter((s) => s.hasContent).map((s) => s.slug);
    expect(written(zh.sections)).toEqual([
      'introduction',
      'installation',
      'configuration',
      'ai-assist',
      'token-auth',
      'api-endpoints',
      'error-handling',
    ]);
    const en = (await request(base).get('/api/docs-sections?lang=en').expect(200)).body;
    // Every section written in Chinese has its English (docs-seed.en-guides.ts for the first four).
    expect(written(en.sections)).toEqual(written(zh.sections));

    const intro = (await request(base).get('/api/docs-sections/introduction').expect(200)).body;
    expect(intro).toMatchObject({
      slug: 'introduction',
      group: 'quick-start',
      lang: 'zh-CN',
      hasContent: true,
    });
    expect(intro.markdown).toContain('WordPress');
    const auth = (await request(base).get('/api/docs-sections/token-auth?lang=en').expect(200))
      .body;
    expect(auth.markdown).toContain('X-RateLimit-Remaining');
  });

  it('answers an empty section as being written (the page shows the placeholder)', async () => {
    const res = await request(base).get('/api/docs-sections/editor-basics?lang=en').expect(200);
    expect(res.body).toMatchObject({
      slug: 'editor-basics',
      group: 'editor',
      lang: 'en',
      markdown: '',
      hasContent: false,
    });
    const intro = await request(base).get('/api/docs-sections/introduction?lang=en').expect(200);
    expect(intro.body).toMatchObject({ hasContent: true });
    expect(intro.body.markdown).toContain('Welcome to seatkeeper');
  });

  it('refuses an unknown section (404) and a bad language or slug (400)', async () => {
    expect((await request(base).get('/api/docs-sections/nope').expect(404)).body).toEqual(
      errorOf('Docs section not found', 404, 'DOCS_SECTION_NOT_FOUND'),
    );
    expect(
      (await request(base).get('/api/docs-sections/introduction?lang=fr').expect(400)).body,
    ).toMatchObject({ message: 'lang must be one of zh-CN, en', code: 'VALIDATION_FAILED' });
    expect((await request(base).get('/api/docs-sections?lang=de').expect(400)).body.code).toBe(
      'VALIDATION_FAILED',
    );
    await request(base).get('/api/docs-sections/Not_A_Slug').expect(400);
  });

  it('is edited by admins only: 401 anonymous, 403 for customers and quiz managers', async () => {
    const c = await customer(base);
    const quiz = (await signIn(base, QUIZ_MANAGER_EMAIL)).agent;
    expect((await request(base).get('/api/admin/docs/introduction/en').expect(401)).body).toEqual(
      errorOf('User not authenticated', 401),
    );
    await request(base)
      .put('/api/admin/docs/introduction/en')
      .set('Origin', base)
      .send({ markdown: 'x' })
      .expect(401);
    for (const agent of [c.agent, quiz]) {
      expect((await agent.get('/api/admin/docs/introduction/en').expect(403)).body).toEqual(
        errorOf('Admin access required', 403),
      );
      await put('introduction', 'en', { markdown: 'hijack' }, agent).expect(403);
    }
    const res = await admin.get('/api/admin/docs/introduction/en').expect(200);
    // As seeded: nobody's hijack went through.
    expect(res.body).toMatchObject({ slug: 'introduction', lang: 'en', updatedBy: null });
    expect(res.body.markdown).toMatch(/^Welcome to seatkeeper/);
  });

  it.each([
    [{}, 'markdown must be a string'],
    [{ markdown: 42 }, 'markdown must be a string'],
    [
      { markdown: 'x'.repeat(100_001) },
      'markdown must be shorter than or equal to 100000 characters',
    ],
    [{ markdown: 'ok', extra: 1 }, 'property extra should not exist'],
  ])('refuses %# with a 400 and changes nothing', async (body, message) => {
    const res = await put('performance', 'en', body).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, message, code: 'VALIDATION_FAILED' });
    expect((await request(base).get('/api/docs-sections/performance?lang=en')).body.markdown).toBe(
      '',
    );
  });

  it('refuses an unknown section or language on edit', async () => {
    expect((await put('nope', 'en', { markdown: 'x' }).expect(404)).body.code).toBe(
      'DOCS_SECTION_NOT_FOUND',
    );
    expect((await put('introduction', 'fr', { markdown: 'x' }).expect(400)).body.message).toBe(
      'lang must be one of zh-CN, en',
    );
  });

  it('an edit shows on the public page at once, and is audited with the lengths before and after', async () => {
    const text = '# Customisation\n\nChange the **colours** in Settings.';
    const saved = (await put('customization', 'en', { markdown: text }).expect(200)).body.section;
    expect(saved).toMatchObject({
      slug: 'customization',
      lang: 'en',
      markdown: text,
      hasContent: true,
      updatedBy: ADMIN_EMAIL,
    });
    const page = (await request(base).get('/api/docs-sections/customization?lang=en').expect(200))
      .body;
    expect(page).toMatchObject({ markdown: text, hasContent: true });
    // The other language is untouched.
    expect(
      (await request(base).get('/api/docs-sections/customization?lang=zh-CN')).body.markdown,
    ).toBe('');

    await put('customization', 'en', { markdown: 'short' }).expect(200);
    const items = (await admin.get('/api/admin/audit?action=docs.update&pageSize=50').expect(200))
      .body.items as { actor: string; target: string; before: unknown; after: unknown }[];
    const mine = items.filter((e) => e.target === 'docs:customization/en');
    expect(mine).toHaveLength(2);
    expect(mine.map((e) => [e.actor, e.before, e.after])).toEqual([
      [ADMIN_EMAIL, { length: text.length }, { length: 5 }],
      [ADMIN_EMAIL, { length: 0 }, { length: text.length }],
    ]);

    // Emptied again: the placeholder.
    await put('customization', 'en', { markdown: '  \n' }).expect(200);
    expect(
      (await request(base).get('/api/docs-sections/customization?lang=en')).body.hasContent,
    ).toBe(false);
  });
});

// Two instances on one database: an edit on one is what the other answers next (PostgreSQL only).
(TEST_DB === 'postgres' ? describe : describe.skip)('docs sections on several instances', () => {
  it('an edit saved on one instance shows on the other at once', async () => {
    const db = await createTestDatabase();
    const [a, b] = await Promise.all([startApp(db), startApp(db)]);
    try {
      expect(
        (await request(b.url).get('/api/docs-sections/performance?lang=en')).body.markdown,
      ).toBe('');
      const admin = (await signIn(a.url, ADMIN_EMAIL)).agent;
      await admin
        .put('/api/admin/docs/performance/en')
        .set('Origin', a.url)
        .send({ markdown: 'Fast.' })
        .expect(200);
      expect(
        (await request(b.url).get('/api/docs-sections/performance?lang=en')).body.markdown,
      ).toBe('Fast.');
    } finally {
      await Promise.all([a.close(), b.close()]);
      await db.drop();
    }
  });
});
