import { Migration } from '@mikro-orm/migrations';

export class Migration20261125233850 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "orders" ("id" uuid not null, "order_id" text not null, "user_id" uuid not null, "product_type" text check ("product_type" in ('yearly', 'permanent')) not null default 'permanent', "product_name" text not null, "subscription_tier" text check ("subscription_tier" in ('basic', 'vip', 'pro', 'ultra')) not null, "seat_count" int not null, "list_price" int not null, "discount_amount" int not null default 0, "upgraded_from_tier" text check ("upgraded_from_tier" in ('basic', 'vip', 'pro', 'ultra')) null, "discount_code" text null, "amount" int not null, "currency" text not null default 'CNY', "payment_method" text null, "payment_gateway" text not null default 'sandbox', "status" text check ("status" in ('pending', 'paid', 'failed', 'cancelled', 'expired')) not null default 'pending', "paid_at" timestamptz null, "failed_at" timestamptz null, "cancelled_at" timestamptz null, "metadata" text null, "failure_reason" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "orders_pkey" primary key ("id"));`);
    this.addSql(`alter table "orders" add constraint "orders_order_id_unique" unique ("order_id");`);
    this.addSql(`create index "orders_status_created_at_index" on "orders" ("status", "created_at");`);
    this.addSql(`create index "orders_user_id_created_at_index" on "orders" ("user_id", "created_at");`);

    this.addSql(`create table "licenses" ("id" uuid not null, "user_id" uuid not null, "license_type" text check ("license_type" in ('yearly', 'permanent')) not null default 'permanent', "website_url" text null, "binding_changes_left" int not null default 2, "expires_at" timestamptz null, "purchased_at" timestamptz not null default now(), "last_binding_change_at" timestamptz null, "order_id" uuid null, "purchase_tier" text check ("purchase_tier" in ('basic', 'vip', 'pro', 'ultra')) not null, "seat_index" int not null, "ai_api_key" text null, "ai_base_url" text null, "ai_config_updated_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "licenses_pkey" primary key ("id"));`);
    this.addSql(`alter table "licenses" add constraint "licenses_user_domain_unique" unique ("user_id", "website_url");`);
    this.addSql(`alter table "licenses" add constraint "licenses_user_seat_unique" unique ("user_id", "seat_index");`);

    this.addSql(`create table "user_tokens" ("id" uuid not null, "user_id" uuid not null, "token_encrypted" text not null, "token_digest" text not null, "last_used_at" timestamptz null, "created_at" timestamptz not null default now(), "last_regenerated_at" timestamptz null, constraint "user_tokens_pkey" primary key ("id"));`);
    this.addSql(`alter table "user_tokens" add constraint "user_tokens_user_id_unique" unique ("user_id");`);
    this.addSql(`alter table "user_tokens" add constraint "user_tokens_token_digest_unique" unique ("token_digest");`);

    this.addSql(`alter table "orders" add constraint "orders_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "licenses" add constraint "licenses_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "licenses" add constraint "licenses_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "user_tokens" add constraint "user_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "licenses" drop constraint "licenses_order_id_foreign";`);

    this.addSql(`drop table if exists "orders" cascade;`);

    this.addSql(`drop table if exists "licenses" cascade;`);

    this.addSql(`drop table if exists "user_tokens" cascade;`);
  }

}
