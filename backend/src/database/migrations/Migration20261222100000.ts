import { Migration } from '@mikro-orm/migrations';

/**
 * Install insights (backend/src/installs, docs/insights.md): one row per product and site with when it
 * last checked in and the versions and locale it reported.
 */
export class Migration20261222100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "site_installs" ("kind" text not null, "product" text not null, "host" text not null, "first_seen_at" timestamptz not null, "last_seen_at" timestamptz not null, "product_version" text null, "wp_version" text null, "php_version" text null, "locale" text null, "user_id" uuid null, "license_id" uuid null, constraint "site_installs_pkey" primary key ("kind", "product", "host"));`,
    );
    this.addSql(`create index "site_installs_user_id_index" on "site_installs" ("user_id");`);
    this.addSql(`create index "site_installs_license_id_index" on "site_installs" ("license_id");`);
    this.addSql(
      `create index "site_installs_last_seen_at_index" on "site_installs" ("last_seen_at");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "site_installs" cascade;`);
  }
}
