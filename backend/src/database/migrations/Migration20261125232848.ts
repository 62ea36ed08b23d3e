import { Migration } from '@mikro-orm/migrations';

export class Migration20261125232848 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "users" ("id" uuid not null, "name" text not null, "email" text not null, "image" text null, "email_verified" boolean not null default false, "google_sub" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "users_pkey" primary key ("id"));`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`alter table "users" add constraint "users_google_sub_unique" unique ("google_sub");`);

    this.addSql(`create table "sessions" ("sid" text not null, "data" jsonb not null, "expires_at" timestamptz not null, "user_id" uuid null, "created_at" timestamptz not null default now(), constraint "sessions_pkey" primary key ("sid"));`);
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);

    this.addSql(`alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sessions" drop constraint "sessions_user_id_foreign";`);

    this.addSql(`drop table if exists "users" cascade;`);

    this.addSql(`drop table if exists "sessions" cascade;`);
  }

}
