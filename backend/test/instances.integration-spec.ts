import request from 'supertest';
import { signIn, startApp } from './support/app';
import { createTestDatabase, TEST_DB } from './support/database';

// Several instances share one PostgreSQL server (PGlite is one process, so this is PostgreSQL only).
const onPostgres = TEST_DB === 'postgres' ? describe : describe.skip;

onPostgres('several instances on one PostgreSQL database', () => {
  it('migrate safely when started together and share sessions', async () => {
    const db = await createTestDatabase();
    const [a, b, c] = await Promise.all([startApp(db), startApp(db), startApp(db)]);
    try {
      for (const app of [a, b, c]) await request(app.url).get('/api/health').expect(200);
      const { cookie } = await signIn(a.url, 'shared@example.com');
      const onB = await request(b.url).get('/api/auth/get-session').set('Cookie', cookie).expect(200);
      expect(onB.body.user.email).toBe('shared@example.com');
      await request(c.url).post('/api/auth/sign-out').set('Cookie', cookie).set('Origin', c.url).expect(200);
      expect((await request(a.url).get('/api/auth/get-session').set('Cookie', cookie)).body).toBeNull();
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
      await db.drop();
    }
  });
});
