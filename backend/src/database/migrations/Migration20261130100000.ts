import { Migration } from '@mikro-orm/migrations';
import { DOCS_SEED_EN } from '../../docs/seed/docs-seed.en';
import { DOCS_SEED_ZH_CN } from '../../docs/seed/docs-seed.zh-cn';

/** The thirteen docs sections, in both languages. */
const SLUGS = [
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
];

/**
 * The docs sections move into the database (docs/product.md#screens, /docs): one row per section and
 * language, seeded from the Markdown the frontend carried (Chinese) and the API sections for plugin
 * authors (both languages); a section without text is seeded empty and shows the placeholder.
 */
export class Migration20261130100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "docs_sections" ("slug" text not null, "lang" text not null, "markdown" text not null default '', "updated_at" timestamptz not null default now(), "updated_by" text null, constraint "docs_sections_pkey" primary key ("slug", "lang"));`,
    );
    const rows: [string, string, string][] = SLUGS.flatMap((slug) => [
      [slug, 'zh-CN', DOCS_SEED_ZH_CN[slug] ?? ''],
      [slug, 'en', DOCS_SEED_EN[slug] ?? ''],
    ]);
    const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
    this.addSql(
      `insert into "docs_sections" ("slug", "lang", "markdown") values ${rows
        .map((r) => `(${r.map(quote).join(', ')})`)
        .join(', ')};`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "docs_sections" cascade;`);
  }
}
