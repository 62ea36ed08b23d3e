import { Migration } from '@mikro-orm/migrations';
import { DOCS_SEED_EN_GUIDES } from '../../docs/seed/docs-seed.en-guides';

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The English of the docs sections first written only in Chinese (introduction, installation,
 * configuration, ai-assist): filled in where the English body is still the empty seed and no admin has
 * saved it (`updated_by` null), so an admin's edit, even an emptied section, is never overwritten; a
 * missing row is created. The same SQL on PostgreSQL and PGlite.
 */
export class Migration20261202100000 extends Migration {
  override async up(): Promise<void> {
    for (const [slug, markdown] of Object.entries(DOCS_SEED_EN_GUIDES)) {
      this.addSql(
        `insert into "docs_sections" ("slug", "lang", "markdown") values (${quote(slug)}, 'en', ${quote(markdown)})
         on conflict ("slug", "lang") do update set "markdown" = excluded."markdown", "updated_at" = now()
         where "docs_sections"."markdown" = '' and "docs_sections"."updated_by" is null;`,
      );
    }
  }

  override async down(): Promise<void> {
    for (const [slug, markdown] of Object.entries(DOCS_SEED_EN_GUIDES)) {
      this.addSql(
        `update "docs_sections" set "markdown" = '' where "slug" = ${quote(slug)} and "lang" = 'en' and "markdown" = ${quote(markdown)} and "updated_by" is null;`,
      );
    }
  }
}
