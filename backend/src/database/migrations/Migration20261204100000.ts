import { Migration } from '@mikro-orm/migrations';

/**
 * The backfill of orders written before (exported for its test, backend/test/entitlements-migration.integration-spec.ts).
 */
export const ENTITLEMENTS_BACKFILL: string[] = [
  `update "orders" set "credit_value" = "list_price" where "payment_gateway" <> 'internal';`,
  `update "orders" o set "credit_value" = p."price_cents" from "plans" p where o."payment_gateway" = 'internal' and o."payment_method" in ('vip-grant', 'admin-grant') and p."tier" = o."subscription_tier"::text;`,
  `update "orders" set "upgrade_credit" = greatest(0, "list_price" - "discount_amount" - "amount") where "upgraded_from_tier" is not null and "payment_gateway" <> 'internal';`,
  `update "orders" o set "credit_order_id" = (
      select c."id" from "orders" c
      where c."user_id" = o."user_id" and c."subscription_tier" = o."upgraded_from_tier" and c."status" in ('paid', 'refunded')
        and not c."needs_refund" and c."payment_method" is distinct from 'auto-expansion' and c."paid_at" <= o."created_at"
      order by c."paid_at" desc limit 1)
      where o."upgraded_from_tier" is not null and o."payment_gateway" <> 'internal' and o."upgrade_credit" > 0;`,
  `update "orders" o set "parent_order_id" = (
      select m."id" from "orders" m
      where m."user_id" = o."user_id" and m."subscription_tier" = 'ultra' and m."status" in ('paid', 'refunded')
        and not m."needs_refund" and m."payment_method" is distinct from 'auto-expansion' and m."paid_at" <= o."created_at"
      order by m."paid_at" desc limit 1)
      where o."payment_method" = 'auto-expansion';`,
  `update "orders" o set "status" = 'refunded', "updated_at" = now() from "orders" m
      where o."payment_method" = 'auto-expansion' and o."status" = 'paid' and m."id" = o."parent_order_id" and m."status" = 'refunded';`,
];

/**
 * Entitlements (docs/rules.md, "Entitlements"): what a customer holds is derived from the orders that stand,
 * so each order records what it needs for that.
 *
 * - `parent_order_id`: a Max expansion's Max order (refunding the Max order takes its expansions).
 * - `credit_order_id`: the order whose plan an upgrade was priced against (refunds go latest-first along
 *   such chains).
 * - `upgrade_credit`: the deduction for the current plan an upgrade was priced with (cents).
 * - `credit_value`: what this order's plan is worth toward a later upgrade: the list price recorded when
 *   the customer obtained it (a grant: the plan's price at the time), never today's edited price.
 *
 * Orders written before are filled in from what they record: an upgrade's credit is list price − discount −
 * amount and its credit order the latest paid order of the tier it upgraded from; an expansion's parent the
 * latest paid Max order before it; a grant's credit value the plan's price now (the best known). Expansions
 * whose Max order was refunded are refunded with it. Orders are accounting records: deleting a customer
 * never deletes them (the foreign key refuses; docs/rules.md, "Closing an account").
 */
export class Migration20261204100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "orders" add column "parent_order_id" uuid null, add column "credit_order_id" uuid null, add column "upgrade_credit" int not null default 0, add column "credit_value" int not null default 0;`);
    this.addSql(`create index "orders_parent_order_id_index" on "orders" ("parent_order_id") where "parent_order_id" is not null;`);
    this.addSql(`alter table "orders" drop constraint "orders_user_id_foreign";`);
    this.addSql(`alter table "orders" add constraint "orders_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete restrict;`);

    for (const sql of ENTITLEMENTS_BACKFILL) this.addSql(sql);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "orders" drop constraint "orders_user_id_foreign";`);
    this.addSql(`alter table "orders" add constraint "orders_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`drop index "orders_parent_order_id_index";`);
    this.addSql(`alter table "orders" drop column "parent_order_id", drop column "credit_order_id", drop column "upgrade_credit", drop column "credit_value";`);
  }
}
