import { Migration } from '@mikro-orm/migrations';

/**
 * When the plugin last checked each seat's site (docs/rules.md, "Last licence check"): written off the
 * check's answer path, at most once a minute per seat. Null for seats never checked.
 */
export class Migration20261205150000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "licenses" add column "last_checked_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "licenses" drop column "last_checked_at";`);
  }
}
