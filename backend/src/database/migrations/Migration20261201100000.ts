import { Migration } from '@mikro-orm/migrations';

/**
 * Releases managed in the app (docs/wordpress.md, Releases): one row per version of a plugin or theme, at
 * most one current per product (partial unique index), the files in 256 kB chunks; the same SQL on
 * PostgreSQL and PGlite.
 */
export class Migration20261201100000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "releases" ("id" uuid not null, "kind" text not null, "slug" text not null, "name" text not null, "version" text not null, "changelog" text not null default '', "requires" text not null default '', "tested" text not null default '', "requires_php" text not null default '', "file_name" text not null, "size" bigint not null, "sha256" text not null, "source" text not null, "uploaded_by" uuid null, "created_at" timestamptz not null default now(), "current" boolean not null default false, constraint "releases_pkey" primary key ("id"));`);
    this.addSql(`create index "releases_kind_slug_created_at_index" on "releases" ("kind", "slug", "created_at");`);
    this.addSql(`create unique index "releases_one_current" on "releases" ("kind", "slug") where "current";`);
    this.addSql(`alter table "releases" add constraint "releases_kind_slug_version_unique" unique ("kind", "slug", "version");`);

    this.addSql(`create table "release_files" ("release_id" uuid not null, "seq" int not null, "data" bytea not null, constraint "release_files_pkey" primary key ("release_id", "seq"));`);

    this.addSql(`alter table "releases" add constraint "releases_uploaded_by_foreign" foreign key ("uploaded_by") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "release_files" add constraint "release_files_release_id_foreign" foreign key ("release_id") references "releases" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "release_files" drop constraint "release_files_release_id_foreign";`);

    this.addSql(`drop table if exists "releases" cascade;`);

    this.addSql(`drop table if exists "release_files" cascade;`);
  }

}
