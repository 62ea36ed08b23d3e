import { MikroORM } from '@mikro-orm/core';
import { closeEmbedded, ormOptions } from '../src/database/mikro-orm.config';
import { createTestDatabase, type TestDatabase } from './support/database';

/**
 * A release seeded before the manifests carried a Markdown `changelog` stored the manifest's HTML; a
 * migration (Migration20261203100000) reads such a seeded changelog as Markdown lines of its text, and
 * leaves uploads (the admin's own Markdown) and seeded Markdown alone.
 */
describe('releases: seeded HTML changelogs as Markdown on an existing database', () => {
  let db: TestDatabase;
  let orm: MikroORM;
  const FIX = 'Migration20261203100000';
  const OLD_HTML =
    '<h4>1.0.0</h4><ul><li>首个版本：激活码设置页、授权状态与提示、按站点授权的自动更新（Seatkeeper WordPress SDK）</li></ul>';

  beforeAll(async () => {
    db = await createTestDatabase({ empty: true });
    orm = await MikroORM.init(ormOptions({ databaseUrl: db.databaseUrl, dataDir: db.dataDir }));
  });
  afterAll(async () => {
    await orm?.close(true);
    await closeEmbedded({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
    await db?.drop();
  });

  it('rewrites only seeded HTML changelogs', async () => {
    const migrator = orm.getMigrator();
    const all = (await migrator.getPendingMigrations()).map((m) => m.name);
    await migrator.up({ to: all[all.indexOf(FIX) - 1] });
    const conn = orm.em.getConnection();
    const insert = (slug: string, version: string, changelog: string, source: string) =>
      conn.execute(
        `insert into releases (id, kind, slug, name, version, changelog, file_name, size, sha256, source)
         values (gen_random_uuid(), 'plugins', ?, ?, ?, ?, 'x.zip', 1, 'ab', ?)`,
        [slug, slug, version, changelog, source],
      );
    await insert('visual-editor', '1.0.0', OLD_HTML, 'seed');
    await insert('visual-editor', '1.1.0', '<b>kept</b> as the admin wrote it', 'upload');
    await insert('other', '1.0.0', '#### 1.0.0\n\n- already Markdown', 'seed');
    await insert('quoted', '1.0.0', "<p>It's <script>x</script>fine</p>", 'seed');

    await migrator.up();
    const rows = await conn.execute<{ slug: string; version: string; changelog: string }[]>(
      `select slug, version, changelog from releases order by slug, version`,
    );
    expect(rows).toEqual([
      { slug: 'other', version: '1.0.0', changelog: '#### 1.0.0\n\n- already Markdown' },
      { slug: 'quoted', version: '1.0.0', changelog: "It's fine" },
      {
        slug: 'visual-editor',
        version: '1.0.0',
        changelog:
          '#### 1.0.0\n\n- 首个版本：激活码设置页、授权状态与提示、按站点授权的自动更新（Seatkeeper WordPress SDK）',
      },
      { slug: 'visual-editor', version: '1.1.0', changelog: '<b>kept</b> as the admin wrote it' },
    ]);
  });
});
