import { Migration } from '@mikro-orm/migrations';

export class Migration20261126105000 extends Migration {

  override async up(): Promise<void> {
    // Jobs running before this rule: keep the oldest running job of each customer, hand the others back.
    this.addSql(`update "ai_jobs" j set "status" = 'pending', "locked_until" = null, "updated_at" = now()
      where j."status" = 'running' and exists (select 1 from "ai_jobs" o where o."user_id" = j."user_id" and o."status" = 'running' and (o."created_at", o."id") < (j."created_at", j."id"));`);
    this.addSql(`create unique index "ai_jobs_one_running_per_user" on "ai_jobs" ("user_id") where "status" = 'running';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "ai_jobs_one_running_per_user";`);
  }

}
