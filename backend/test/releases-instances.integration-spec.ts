import request from 'supertest';
import { ADMIN_EMAIL, signIn, startApp } from './support/app';
import { createTestDatabase, TEST_DB } from './support/database';
import { em, giveSeats } from './support/factories';
import { customer } from './support/customer';
import { noise, pluginZip, sha256 } from './support/zips';

// Several instances share one PostgreSQL server (PGlite is one process, so this is PostgreSQL only).
const onPostgres = TEST_DB === 'postgres' ? describe : describe.skip;

onPostgres('releases with several instances on one PostgreSQL database', () => {
  it('seed RELEASES_DIR once when started together, and serve an upload or a rollback from any instance', async () => {
    const db = await createTestDatabase();
    const [a, b] = await Promise.all([startApp(db), startApp(db)]);
    try {
      const conn = em(a).getConnection();
      const rows = await conn.execute<
        { kind: string; slug: string; current: boolean; n: number }[]
      >(
        `select kind, slug, current, (select count(*)::int from release_files f where f.release_id = r.id) as n
         from releases r order by kind, slug`,
      );
      expect(rows).toEqual([
        { kind: 'plugins', slug: 'visual-editor', current: true, n: 1 },
        { kind: 'themes', slug: 'minimal-theme', current: true, n: 1 },
      ]);

      const c = await customer(b.url);
      await giveSeats(b, c.userId, 'basic', 1, { bound: ['https://shop.example'] });
      const token = (await c.agent.get('/api/apitokens/token')).body.plainToken as string;
      const infoOn = (url: string) =>
        request(url)
          .get('/api/wp-updates/plugins/visual-editor/info?site=https://shop.example')
          .set('Authorization', `Bearer ${token}`)
          .expect(200);
      expect((await infoOn(b.url)).body.version).toBe('1.0.0');

      // Uploaded on A: B offers and serves it on its next request.
      const { agent: admin } = await signIn(a.url, ADMIN_EMAIL);
      const zip = await pluginZip('visual-editor', '2.0.0', {
        'visual-editor/blob.bin': noise(700_000),
      });
      const uploaded = await admin
        .post('/api/admin/releases')
        .set('Origin', a.url)
        .field('kind', 'plugins')
        .field('slug', 'visual-editor')
        .field('version', '2.0.0')
        .field('requires', '6.0')
        .field('tested', '6.8')
        .field('requiresPhp', '7.4')
        .attach('file', zip, 'visual-editor.zip')
        .expect(201);
      const info = (await infoOn(b.url)).body;
      expect(info.version).toBe('2.0.0');
      const link = new URL(info.package);
      const download = await request(b.url)
        .get(link.pathname + link.search)
        .buffer(true)
        .parse((res, cb) => {
          const chunks: Buffer[] = [];
          res.on('data', (x: Buffer) => chunks.push(x));
          res.on('end', () => cb(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(sha256(download.body as Buffer)).toBe(uploaded.body.sha256);
      expect(sha256(download.body as Buffer)).toBe(sha256(zip));

      // Rolled back on B: A offers the seed again.
      const list = (await admin.get('/api/admin/releases').expect(200)).body;
      const seed = list.products
        .find((p: { slug: string }) => p.slug === 'visual-editor')
        .releases.find((r: { version: string }) => r.version === '1.0.0');
      const { agent: adminOnB } = await signIn(b.url, ADMIN_EMAIL);
      await adminOnB
        .post(`/api/admin/releases/${seed.id}/current`)
        .set('Origin', b.url)
        .expect(200);
      expect((await infoOn(a.url)).body.version).toBe('1.0.0');

      // A third instance starting later seeds nothing again (the products are in the table).
      const c3 = await startApp(db);
      await c3.close();
      const [{ count }] = await conn.execute(`select count(*)::int as count from releases`);
      expect(count).toBe(3);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await db.drop();
    }
  }, 120_000);
});
