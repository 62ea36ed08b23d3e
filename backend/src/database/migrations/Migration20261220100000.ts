import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks and chat notices (issue #31, docs/webhooks.md): the endpoints (address and secrets encrypted
 * at rest) and the delivery outbox with its log (webhooks/webhook-endpoint.entity.ts,
 * webhook-delivery.entity.ts).
 */
export class Migration20261220100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "webhook_endpoints" ("id" uuid not null, "kind" text not null, "url_sealed" text not null, "url_hint" text not null, "events" text not null, "language" text not null default 'zh-CN', "enabled" boolean not null default true, "disabled_reason" text null, "disabled_at" timestamptz null, "secret_sealed" text null, "previous_secret_sealed" text null, "previous_secret_until" timestamptz null, "failing_since" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "webhook_endpoints_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create table "webhook_deliveries" ("id" uuid not null, "message_id" text not null, "endpoint_id" uuid not null, "event_type" text not null, "dedupe_key" text not null, "payload" text not null, "status" text not null default 'queued', "attempts" int not null default 0, "next_attempt_at" timestamptz not null default now(), "lease_until" timestamptz null, "last_status" int null, "last_response" text null, "last_error" text null, "last_duration_ms" int null, "last_attempt_at" timestamptz null, "delivered_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "webhook_deliveries_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "webhook_deliveries_due_index" on "webhook_deliveries" ("status", "next_attempt_at");`,
    );
    this.addSql(
      `create index "webhook_deliveries_endpoint_index" on "webhook_deliveries" ("endpoint_id", "created_at");`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_dedupe_unique" unique ("endpoint_id", "dedupe_key");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "webhook_deliveries" cascade;`);
    this.addSql(`drop table if exists "webhook_endpoints" cascade;`);
  }
}
