import { Migration } from '@mikro-orm/migrations';

export class Migration20261126000220 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "discounts" ("id" uuid not null, "tier" text check ("tier" in ('basic', 'pro', 'ultra')) not null, "code" text not null, "code_key" text not null, "discount_amount" int not null, "starts_at" timestamptz null, "expires_at" timestamptz null, "usage_limit" int null, "usage_count" int not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "discounts_pkey" primary key ("id"));`);
    this.addSql(`alter table "discounts" add constraint "discounts_code_key_unique" unique ("code_key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "discounts" cascade;`);
  }

}
