import { Migration } from '@mikro-orm/migrations';

export class Migration20261126100000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "orders" add column "needs_refund" boolean not null default false, add column "needs_refund_reason" text null;`);
    // Orders made before this rule: keep only the newest pending order of each customer open.
    this.addSql(`update "orders" o set "status" = 'cancelled', "cancelled_at" = now(), "failure_reason" = 'replaced by a newer order'
      where o."status" = 'pending' and exists (select 1 from "orders" n where n."user_id" = o."user_id" and n."status" = 'pending' and (n."created_at", n."id") > (o."created_at", o."id"));`);
    this.addSql(`create unique index "orders_one_pending_per_user" on "orders" ("user_id") where "status" = 'pending';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "orders_one_pending_per_user";`);
    this.addSql(`alter table "orders" drop column "needs_refund", drop column "needs_refund_reason";`);
  }

}
