import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes for the dashboard's aggregates (docs/product.md, back office): sales by payment time (covering),
 * sales by customer, refunds by refund time, internal orders, seats by purchase time (all and bound) and
 * seats by order.
 */
export class Migration20261130200000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "orders_sales_paid_at_index" on "orders" ("paid_at") include ("amount", "user_id", "subscription_tier", "payment_gateway", "status") where "status" in ('paid', 'refunded') and "payment_gateway" <> 'internal' and "paid_at" is not null;`);
    this.addSql(`create index "orders_sales_user_index" on "orders" ("user_id") where "status" in ('paid', 'refunded') and "payment_gateway" <> 'internal' and "paid_at" is not null;`);
    this.addSql(`create index "orders_refunds_refunded_at_index" on "orders" ("refunded_at") include ("amount", "user_id") where "status" = 'refunded' and "refunded_at" is not null;`);
    this.addSql(`create index "orders_internal_index" on "orders" ("id") where "payment_gateway" = 'internal';`);
    this.addSql(`create index "licenses_purchased_at_index" on "licenses" ("purchased_at");`);
    this.addSql(`create index "licenses_bound_index" on "licenses" ("purchased_at") where "website_url" is not null and "revoked_at" is null;`);
    this.addSql(`create index "licenses_order_id_index" on "licenses" ("order_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "licenses_order_id_index";`);
    this.addSql(`drop index "licenses_bound_index";`);
    this.addSql(`drop index "licenses_purchased_at_index";`);
    this.addSql(`drop index "orders_internal_index";`);
    this.addSql(`drop index "orders_refunds_refunded_at_index";`);
    this.addSql(`drop index "orders_sales_user_index";`);
    this.addSql(`drop index "orders_sales_paid_at_index";`);
  }

}
