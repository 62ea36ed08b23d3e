import { Migration } from '@mikro-orm/migrations';

/**
 * Discount codes as sellers expect them (docs/rules.md, "Discount codes"; docs/product.md#data):
 * - percentage codes (`kind` percent, `percent_off` 1–100) beside fixed amounts;
 * - a code for several plans or every plan (`tiers`, null: every plan; old codes keep their one plan);
 * - once per customer: `discount_uses` holds each use an order has taken (one row per order), and a
 *   customer holds at most one use of a once-per-customer code (a partial unique index);
 * - free orders (amount 0 after the discount) are recorded under the gateway `free`, not the gateway
 *   that was configured first (docs/payments.md, "Free orders"): the past ones move there too.
 * The uses of codes held by pending and paid orders before this migration are written to discount_uses.
 */
export class Migration20261210100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "discounts" add column "tiers" jsonb null, add column "kind" text check ("kind" in ('amount', 'percent')) not null default 'amount', add column "percent_off" int null, add column "once_per_customer" boolean not null default false;`,
    );
    this.addSql(
      `alter table "discounts" add constraint "discounts_percent_off_check" check (("kind" = 'percent' and "percent_off" between 1 and 100) or ("kind" = 'amount' and "percent_off" is null));`,
    );
    this.addSql(`update "discounts" set "tiers" = jsonb_build_array("tier");`);
    this.addSql(
      `create table "discount_uses" ("order_number" text not null, "discount_id" uuid not null, "user_id" uuid not null, "once_per_customer" boolean not null, "created_at" timestamptz not null default now(), constraint "discount_uses_pkey" primary key ("order_number"));`,
    );
    this.addSql(
      `alter table "discount_uses" add constraint "discount_uses_discount_id_foreign" foreign key ("discount_id") references "discounts" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "discount_uses" add constraint "discount_uses_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create unique index "discount_uses_once_per_customer_unique" on "discount_uses" ("discount_id", "user_id") where "once_per_customer";`,
    );
    this.addSql(`create index "discount_uses_user_id_index" on "discount_uses" ("user_id");`);
    this.addSql(
      `insert into "discount_uses" ("order_number", "discount_id", "user_id", "once_per_customer", "created_at") select o."order_id", d."id", o."user_id", false, o."created_at" from "orders" o join "discounts" d on d."code_key" = o."discount_code" where o."status" in ('pending', 'paid', 'refunded') on conflict do nothing;`,
    );
    this.addSql(
      `update "orders" set "payment_gateway" = 'free' where "amount" = 0 and "payment_method" = 'discount' and "payment_gateway" <> 'internal';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "discount_uses" cascade;`);
    this.addSql(`alter table "discounts" drop constraint "discounts_percent_off_check";`);
    this.addSql(
      `alter table "discounts" drop column "tiers", drop column "kind", drop column "percent_off", drop column "once_per_customer";`,
    );
  }
}
