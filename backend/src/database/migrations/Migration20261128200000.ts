import { Migration } from '@mikro-orm/migrations';

export class Migration20261128200000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "mail_outbox" ("id" uuid not null, "kind" text not null, "dedupe_key" text not null, "recipient" text not null, "language" text check ("language" in ('zh-CN', 'en')) not null default 'zh-CN', "subject" text not null, "html" text not null, "text" text not null, "message_id" text not null, "status" text check ("status" in ('queued', 'sending', 'sent', 'failed')) not null default 'queued', "attempts" int not null default 0, "next_attempt_at" timestamptz not null default now(), "lease_until" timestamptz null, "last_error" text null, "created_at" timestamptz not null default now(), "sent_at" timestamptz null, "updated_at" timestamptz not null default now(), constraint "mail_outbox_pkey" primary key ("id"));`);
    this.addSql(`alter table "mail_outbox" add constraint "mail_outbox_dedupe_key_unique" unique ("dedupe_key");`);
    this.addSql(`alter table "mail_outbox" add constraint "mail_outbox_message_id_unique" unique ("message_id");`);
    this.addSql(`create index "mail_outbox_due_index" on "mail_outbox" ("status", "next_attempt_at");`);
    this.addSql(`create index "mail_outbox_created_at_index" on "mail_outbox" ("created_at", "id");`);
    this.addSql(`create index "mail_outbox_recipient_trgm" on "mail_outbox" using gin ("recipient" gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "mail_outbox" cascade;`);
  }

}
