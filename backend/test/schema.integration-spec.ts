import { MikroORM } from '@mikro-orm/core';
import { closeEmbedded, ormOptions } from '../src/database/mikro-orm.config';
import { createTestDatabase, type TestDatabase } from './support/database';

describe('database schema', () => {
  let db: TestDatabase;
  let orm: MikroORM;

  beforeAll(async () => {
    db = await createTestDatabase({ empty: true });
    orm = await MikroORM.init(ormOptions({ databaseUrl: db.databaseUrl, dataDir: db.dataDir }));
  });
  afterAll(async () => {
    await orm?.close(true);
    await closeEmbedded({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
    await db?.drop();
  });

  it('is exactly what the entities describe once the committed migrations ran', async () => {
    const applied = await orm.getMigrator().up();
    expect(applied.length).toBeGreaterThan(0);
    const diff = await orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');
  });

  it('runs the migrations only once', async () => {
    expect(await orm.getMigrator().up()).toEqual([]);
    expect(await orm.getMigrator().getPendingMigrations()).toEqual([]);
  });
});
