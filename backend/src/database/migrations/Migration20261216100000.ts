import { Migration } from '@mikro-orm/migrations';

/**
 * Round-robin AI jobs (docs/security.md, "AI providers"): when a worker last took each customer's job, so
 * the claim serves the customer served least recently first (backend/src/ai/ai-fairness-rules.ts).
 * Empty at first: every customer counts as never served.
 */
export class Migration20261216100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "ai_job_turns" ("user_id" uuid not null, "last_served_at" timestamptz not null, constraint "ai_job_turns_pkey" primary key ("user_id"));`,
    );
    this.addSql(
      `alter table "ai_job_turns" add constraint "ai_job_turns_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ai_job_turns" cascade;`);
  }
}
