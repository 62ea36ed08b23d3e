import { Migration } from '@mikro-orm/migrations';

/**
 * The daily failure budget of e-mail code sign-in (docs/security.md, "E-mail sign-in"): wrong codes per
 * address per seller day (auth/email-sign-in-failure.entity.ts).
 */
export class Migration20261217100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "email_sign_in_failures" ("email" text not null, "day" text not null, "failures" int not null default 0, constraint "email_sign_in_failures_pkey" primary key ("email", "day"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "email_sign_in_failures" cascade;`);
  }
}
