import { Migration } from '@mikro-orm/migrations';

export class Migration20261128100000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "orders_created_at_index" on "orders" ("created_at");`);
    this.addSql(`create index "orders_needs_refund_index" on "orders" ("created_at") where "needs_refund";`);
    this.addSql(`create index "audit_entries_target_created_at_index" on "audit_entries" ("target", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "audit_entries_target_created_at_index";`);
    this.addSql(`drop index "orders_needs_refund_index";`);
    this.addSql(`drop index "orders_created_at_index";`);
  }

}
