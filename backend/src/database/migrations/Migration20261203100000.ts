import { Migration } from '@mikro-orm/migrations';
import { htmlAsMarkdownLines } from '../../releases/release-changelog';

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Seeded changelogs as Markdown (docs/wordpress.md, Releases): a release seeded before the manifests
 * carried a Markdown `changelog` stored its HTML section, which the releases table (Markdown) and the
 * admin screen's safe preview do not read as HTML. Each seeded row whose changelog is HTML gets it read as
 * text, a Markdown line per heading, paragraph and list item, as the seed now does for an older manifest.
 * Uploads are the admin's own Markdown and stay as written. The same SQL on PostgreSQL and PGlite.
 */
export class Migration20261203100000 extends Migration {
  override async up(): Promise<void> {
    const rows = (await this.execute(
      `select "id", "changelog" from "releases" where "source" = 'seed' and "changelog" ~ '^\\s*<[a-zA-Z!]'`,
    )) as { id: string; changelog: string }[];
    for (const { id, changelog } of rows)
      this.addSql(
        `update "releases" set "changelog" = ${quote(htmlAsMarkdownLines(changelog))} where "id" = ${quote(id)} and "changelog" = ${quote(changelog)};`,
      );
  }

  override async down(): Promise<void> {
    // The HTML is not kept: the Markdown lines read the same.
  }
}
