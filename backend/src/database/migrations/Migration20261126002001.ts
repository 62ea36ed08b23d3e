import { Migration } from '@mikro-orm/migrations';

export class Migration20261126002001 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "ai_jobs" ("id" uuid not null, "user_id" uuid not null, "status" text check ("status" in ('pending', 'running', 'completed', 'failed', 'timed_out')) not null default 'pending', "request" jsonb not null, "base_url" text not null, "api_key" text null, "model" text not null, "result" text null, "error" text null, "attempts" int not null default 0, "locked_until" timestamptz null, "finished_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "ai_jobs_pkey" primary key ("id"));`);
    this.addSql(`create index "ai_jobs_status_created_at_index" on "ai_jobs" ("status", "created_at");`);

    this.addSql(`alter table "ai_jobs" add constraint "ai_jobs_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "licenses" add column "ai_model" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ai_jobs" cascade;`);

    this.addSql(`alter table "licenses" drop column "ai_model";`);
  }

}
