import { Migration } from '@mikro-orm/migrations';

export class Migration20261125234329 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "posts" ("id" uuid not null, "title" text not null, "slug" text not null, "body" text not null, "author_id" uuid null, "published_at" timestamptz not null default now(), "created_at" timestamptz not null default now(), constraint "posts_pkey" primary key ("id"));`);
    this.addSql(`alter table "posts" add constraint "posts_slug_unique" unique ("slug");`);
    this.addSql(`create index "posts_published_at_index" on "posts" ("published_at");`);

    this.addSql(`alter table "posts" add constraint "posts_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "posts" cascade;`);
  }

}
