import { Migration } from '@mikro-orm/migrations';

export class Migration20261129100000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "language" text null;`);
    this.addSql(`create table "email_sign_in_codes" ("id" uuid not null, "email" text not null, "code_hash" text not null, "client_address" text not null, "attempts" int not null default 0, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "email_sign_in_codes_pkey" primary key ("id"));`);
    this.addSql(`create index "email_sign_in_codes_email_index" on "email_sign_in_codes" ("email", "created_at");`);
    this.addSql(`create index "email_sign_in_codes_client_index" on "email_sign_in_codes" ("client_address", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "email_sign_in_codes" cascade;`);
    this.addSql(`alter table "users" drop column "language";`);
  }

}
