import { Migration } from '@mikro-orm/migrations';

/**
 * Request counts shared by every instance (backend/src/rate-limits, docs/security.md "Rate limits"): one
 * row per limiter and key, the end of its current window and its count.
 */
export class Migration20261215100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "rate_limit_counters" ("key" text not null, "window_end" timestamptz not null, "points" int not null, constraint "rate_limit_counters_pkey" primary key ("key"));`,
    );
    this.addSql(
      `create index "rate_limit_counters_window_end_index" on "rate_limit_counters" ("window_end");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rate_limit_counters" cascade;`);
  }
}
