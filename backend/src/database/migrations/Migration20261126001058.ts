import { Migration } from '@mikro-orm/migrations';

export class Migration20261126001058 extends Migration {

  override async up(): Promise<void> {
    // Trigram indexes for the admin overview's substring search (PostgreSQL contrib; bundled with PGlite).
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create table "audit_entries" ("id" uuid not null, "actor" text not null, "action" text not null, "target" text not null, "before" jsonb null, "after" jsonb null, "created_at" timestamptz not null default now(), constraint "audit_entries_pkey" primary key ("id"));`);
    this.addSql(`create index "audit_entries_created_at_index" on "audit_entries" ("created_at");`);
    this.addSql(`create index "audit_entries_actor_created_at_index" on "audit_entries" ("actor", "created_at");`);
    this.addSql(`create index "audit_entries_action_created_at_index" on "audit_entries" ("action", "created_at");`);

    this.addSql(`create table "vip_emails" ("email" text not null, "added_at" timestamptz not null default now(), "added_by" text not null, constraint "vip_emails_pkey" primary key ("email"));`);

    this.addSql(`create index "users_created_at_index" on "users" ("created_at", "id");`);
    this.addSql(`create index "users_name_trgm" on "users" using gin ("name" gin_trgm_ops);`);
    this.addSql(`create index "users_email_trgm" on "users" using gin ("email" gin_trgm_ops);`);

    this.addSql(`create index "licenses_website_url_trgm" on "licenses" using gin ("website_url" gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "audit_entries" cascade;`);

    this.addSql(`drop table if exists "vip_emails" cascade;`);

    this.addSql(`drop index "licenses_website_url_trgm";`);

    this.addSql(`drop index "users_created_at_index";`);
    this.addSql(`drop index "users_name_trgm";`);
    this.addSql(`drop index "users_email_trgm";`);
  }

}
