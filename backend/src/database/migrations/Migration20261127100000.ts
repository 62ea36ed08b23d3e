import { Migration } from '@mikro-orm/migrations';

export class Migration20261127100000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "orders" drop constraint if exists "orders_status_check";`);
    this.addSql(`alter table "orders" add constraint "orders_status_check" check ("status" in ('pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded'));`);
    this.addSql(`alter table "orders" add column "refund_status" text check ("refund_status" in ('requested', 'pending', 'succeeded', 'failed')) null, add column "refund_no" text null, add column "refund_id" text null, add column "refund_error" text null, add column "refund_requested_at" timestamptz null, add column "refund_requested_by" text null, add column "refunded_at" timestamptz null;`);
    this.addSql(`alter table "orders" add constraint "orders_refund_no_unique" unique ("refund_no");`);
    this.addSql(`alter table "licenses" add column "revoked_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "licenses" drop column "revoked_at";`);
    this.addSql(`alter table "orders" drop constraint if exists "orders_refund_no_unique";`);
    this.addSql(`alter table "orders" drop column "refund_status", drop column "refund_no", drop column "refund_id", drop column "refund_error", drop column "refund_requested_at", drop column "refund_requested_by", drop column "refunded_at";`);
    this.addSql(`alter table "orders" drop constraint if exists "orders_status_check";`);
    this.addSql(`alter table "orders" add constraint "orders_status_check" check ("status" in ('pending', 'paid', 'failed', 'cancelled', 'expired'));`);
  }

}
