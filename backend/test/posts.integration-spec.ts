import request from 'supertest';
import { ADMIN_EMAIL, signIn, withFreshApp } from './support/app';

describe('posts API', () => {
  let base: string;
  let admin: Awaited<ReturnType<typeof signIn>>['agent'];

  withFreshApp({}, async (app) => {
    base = app.url;
    admin = (await signIn(base, ADMIN_EMAIL)).agent;
  });

  const create = (title: string, body = '正文 **Markdown**') =>
    admin.post('/api/posts').set('Origin', base).send({ title, body });

  it('answers an empty first page', async () => {
    const res = await request(base).get('/api/posts/latest').expect(200);
    expect(res.body).toEqual({ items: [], pagination: { page: 1, pageSize: 10, total: 0 } });
  });

  it('lets an admin create posts (201) and lists them newest first, paged', async () => {
    for (let i = 1; i <= 12; i++) {
      const res = await create(`Release ${i}`).expect(201);
      expect(res.body).toMatchObject({
        title: `Release ${i}`,
        slug: `release-${i}`,
        body: '正文 **Markdown**',
        author: { name: 'admin' },
      });
      await new Promise((r) => setTimeout(r, 5));
    }
    const first = await request(base).get('/api/posts/latest?page=1&pageSize=5').expect(200);
    expect(first.body.pagination).toEqual({ page: 1, pageSize: 5, total: 12 });
    expect(first.body.items.map((p: { title: string }) => p.title)).toEqual([
      'Release 12',
      'Release 11',
      'Release 10',
      'Release 9',
      'Release 8',
    ]);
    const last = await request(base).get('/api/posts/latest?page=3&pageSize=5').expect(200);
    expect(last.body.items.map((p: { title: string }) => p.title)).toEqual([
      'Release 2',
      'Release 1',
    ]);
    expect((await request(base).get('/api/posts/latest').expect(200)).body.items).toHaveLength(10);
  });

  it('gives a taken slug a suffix', async () => {
    const a = await create('Same title').expect(201);
    const b = await create('Same title').expect(201);
    expect(a.body.slug).toBe('same-title');
    expect(b.body.slug).toMatch(/^same-title-[0-9a-f]{6}$/);
  });

  it.each([
    ['pageSize=0', 'pageSize must be between 1 and 50'],
    ['pageSize=51', 'pageSize must be between 1 and 50'],
    ['pageSize=abc', 'pageSize must be between 1 and 50'],
    ['page=0', 'page must be a positive integer'],
    ['page=1.5', 'page must be a positive integer'],
    ['sort=x', 'property sort should not exist'],
  ])('refuses ?%s with 400', async (query, message) => {
    const res = await request(base).get(`/api/posts/latest?${query}`).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      error: message,
      message,
      code: 'VALIDATION_FAILED',
    });
  });

  it('validates the body with clear texts', async () => {
    expect((await create('').expect(400)).body.message).toBe('Title must be 1 to 200 characters');
    expect((await create('x'.repeat(201)).expect(400)).body.message).toBe(
      'Title must be 1 to 200 characters',
    );
    expect((await create('ok', '').expect(400)).body.message).toBe('Body is required');
    const missing = await admin
      .post('/api/posts')
      .set('Origin', base)
      .send({ title: 'x' })
      .expect(400);
    expect(missing.body.message).toBe('Body is required');
  });

  it('needs an admin session (an activation code is never an admin credential)', async () => {
    const anon = await request(base).post('/api/posts').send({ title: 't', body: 'b' }).expect(401);
    expect(anon.body.message).toBe('User not authenticated');
    const { agent: user } = await signIn(base, 'writer@example.com');
    const denied = await user
      .post('/api/posts')
      .set('Origin', base)
      .send({ title: 't', body: 'b' })
      .expect(403);
    expect(denied.body.message).toBe('Admin access required');
    const userToken = (await user.get('/api/apitokens/token')).body.plainToken;
    await request(base)
      .post('/api/posts')
      .set('Authorization', `Bearer ${userToken}`)
      .send({ title: 't', body: 'b' })
      .expect(401);
    await request(base)
      .post('/api/posts')
      .set('Authorization', 'Bearer nope')
      .send({ title: 't', body: 'b' })
      .expect(401);
    const adminToken = (await admin.get('/api/apitokens/token')).body.plainToken;
    const viaToken = await request(base)
      .post('/api/posts')
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ title: 'Via token', body: 'b' })
      .expect(401);
    expect(viaToken.body.message).toBe('User not authenticated');
  });

  it('documents the endpoints with their schemas', async () => {
    const doc = (await request(base).get('/api/docs-json').expect(200)).body;
    expect(
      doc.paths['/api/posts/latest'].get.responses['200'].content['application/json'].schema.$ref,
    ).toBe('#/components/schemas/PostPageDto');
    expect(doc.paths['/api/posts'].post.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/CreatePostDto',
    );
  });
});
