import { MikroORM } from '@mikro-orm/core';
import { closeEmbedded, ormOptions } from '../src/database/mikro-orm.config';
import { DOCS_SEED_EN_GUIDES } from '../src/docs/seed/docs-seed.en-guides';
import { DOCS_SEED_ZH_CN } from '../src/docs/seed/docs-seed.zh-cn';
import { createTestDatabase, type TestDatabase } from './support/database';

/**
 * The English of the sections first written only in Chinese arrives on an existing database by a
 * migration (Migration20261202100000) that fills only English bodies still empty and never saved by an
 * admin: an admin's text, or a section an admin emptied on purpose, stays as it is.
 */
describe('docs sections: the English of the Chinese-only sections on an existing database', () => {
  let db: TestDatabase;
  let orm: MikroORM;
  const FILL = 'Migration20261202100000';

  type Row = { slug: string; markdown: string; updated_by: string | null };
  const rows = async (): Promise<Record<string, Row>> => {
    const found: Row[] = await orm.em
      .getConnection()
      .execute(
        `select slug, markdown, updated_by from docs_sections where lang = 'en' order by slug`,
      );
    return Object.fromEntries(found.map((r) => [r.slug, r]));
  };

  beforeAll(async () => {
    db = await createTestDatabase({ empty: true });
    orm = await MikroORM.init(ormOptions({ databaseUrl: db.databaseUrl, dataDir: db.dataDir }));
  });
  afterAll(async () => {
    await orm?.close(true);
    await closeEmbedded({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
    await db?.drop();
  });

  it('writes English for every section that had only Chinese, and only those', () => {
    const chineseOnly = Object.keys(DOCS_SEED_ZH_CN).filter(
      (slug) => !['token-auth', 'api-endpoints', 'error-handling'].includes(slug),
    );
    expect(Object.keys(DOCS_SEED_EN_GUIDES).sort()).toEqual(chineseOnly.sort());
    for (const [slug, markdown] of Object.entries(DOCS_SEED_EN_GUIDES)) {
      expect(markdown.trim()).not.toBe('');
      // English: no Chinese character outside what the Chinese text names as such.
      expect(`${slug}: ${markdown}`).not.toMatch(/[\u4e00-\u9fff]/);
      // The same headings as the Chinese, one for one.
      const headings = (text: string) => text.split('\n').filter((l) => /^#{2,3} /.test(l)).length;
      expect(headings(markdown)).toBe(headings(DOCS_SEED_ZH_CN[slug]!));
    }
  });

  it('fills only the empty English bodies no admin saved, and leaves admins’ edits alone', async () => {
    // The database as it was before: every migration up to the one before the fill.
    const migrator = orm.getMigrator();
    const all = (await migrator.getPendingMigrations()).map((m) => m.name);
    const before = all[all.indexOf(FILL) - 1];
    await migrator.up({ to: before });
    const seeded = await rows();
    expect(seeded.introduction.markdown).toBe('');
    expect(seeded['token-auth'].markdown).not.toBe('');

    // An admin wrote the English installation guide, and emptied the configuration one on purpose.
    const conn = orm.em.getConnection();
    await conn.execute(
      `update docs_sections set markdown = 'Our own install notes', updated_by = 'ada@shop.example' where slug = 'installation' and lang = 'en'`,
    );
    await conn.execute(
      `update docs_sections set markdown = '', updated_by = 'ada@shop.example' where slug = 'configuration' and lang = 'en'`,
    );
    // And a row is missing altogether (created by the fill).
    await conn.execute(`delete from docs_sections where slug = 'ai-assist' and lang = 'en'`);

    await migrator.up();
    const filled = await rows();
    expect(filled.introduction.markdown).toBe(DOCS_SEED_EN_GUIDES.introduction);
    expect(filled['ai-assist'].markdown).toBe(DOCS_SEED_EN_GUIDES['ai-assist']);
    expect(filled.installation).toMatchObject({
      markdown: 'Our own install notes',
      updated_by: 'ada@shop.example',
    });
    expect(filled.configuration).toMatchObject({ markdown: '', updated_by: 'ada@shop.example' });
    // The sections with no text in either language stay empty; the English API sections unchanged.
    expect(filled['editor-basics'].markdown).toBe('');
    expect(filled['token-auth'].markdown).toBe(seeded['token-auth'].markdown);
    // The Chinese untouched.
    const zh = await conn.execute<{ markdown: string }[]>(
      `select markdown from docs_sections where slug = 'introduction' and lang = 'zh-CN'`,
    );
    expect(zh[0]!.markdown).toBe(DOCS_SEED_ZH_CN.introduction);
  });

  it('is undone only where the text is still its own', async () => {
    // Down to and including the fill (later migrations are undone first).
    await orm.getMigrator().down({ to: FILL });
    const undone = await rows();
    expect(undone.introduction.markdown).toBe('');
    expect(undone.installation.markdown).toBe('Our own install notes');
    await orm.getMigrator().up();
    expect((await rows()).introduction.markdown).toBe(DOCS_SEED_EN_GUIDES.introduction);
  });
});
