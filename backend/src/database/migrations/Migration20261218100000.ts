import { Migration } from '@mikro-orm/migrations';

/**
 * Operations (docs/operations.md): the fingerprints of the secrets the data was written under (checked at
 * every start and after a restore), and the backups the app took, one row per scheduled slot so that one
 * instance takes each. Both tables belong to backend/src/ops and have no entities (skipped by the schema
 * generator, like the dashboard's roll-ups).
 */
export class Migration20261218100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "ops_keys" (
      "name" text not null primary key,
      "fingerprint" text not null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create table "ops_backups" (
      "id" uuid not null primary key,
      "slot" bigint null unique,
      "trigger" text not null,
      "status" text not null,
      "file" text null,
      "bytes" bigint null,
      "error" text null,
      "started_at" timestamptz not null default now(),
      "finished_at" timestamptz null
    );`);
    this.addSql(`create index "ops_backups_started_at_index" on "ops_backups" ("started_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ops_backups";`);
    this.addSql(`drop table if exists "ops_keys";`);
  }
}
