import { Migration } from '@mikro-orm/migrations';

/**
 * WeChat website sign-in (issue #33, docs/sign-in.md): the WeChat identities linked to accounts, keyed by
 * unionid (else openid); one per account; gone with the account.
 */
export class Migration20261223100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "wechat_identities" ("key" text not null, "user_id" uuid not null, "nickname" text null, "created_at" timestamptz not null default now(), constraint "wechat_identities_pkey" primary key ("key"));`,
    );
    this.addSql(
      `alter table "wechat_identities" add constraint "wechat_identities_user_id_unique" unique ("user_id");`,
    );
    this.addSql(
      `alter table "wechat_identities" add constraint "wechat_identities_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "wechat_identities" cascade;`);
  }
}
