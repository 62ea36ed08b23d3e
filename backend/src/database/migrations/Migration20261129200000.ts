import { Migration } from '@mikro-orm/migrations';

/** The plan catalogue moves into the database, seeded with the values the code had (docs/product.md#constants). */
export class Migration20261129200000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "plans" ("tier" text not null, "name_zh" text not null, "name_en" text not null, "description_zh" text not null, "description_en" text not null, "price_cents" int not null, "badge_zh" text null, "badge_en" text null, "badge_ends_at" timestamptz null, "shown" boolean not null, "sort_order" int not null, "updated_at" timestamptz not null default now(), constraint "plans_pkey" primary key ("tier"));`);
    this.addSql(`insert into "plans" ("tier", "name_zh", "name_en", "description_zh", "description_en", "price_cents", "badge_zh", "badge_en", "badge_ends_at", "shown", "sort_order") values
      ('basic', 'Basic', 'Basic', '个人站点的入门之选', 'The starter choice for a personal site', 69900, null, null, null, true, 1),
      ('vip', 'VIP', 'VIP', '建站课程学员专享，白名单自动发放', 'For website-course students, granted automatically to the whitelist', 100000, null, null, null, true, 2),
      ('pro', 'Pro', 'Pro', '工作室与多站点团队', 'For studios and multi-site teams', 169900, null, null, null, true, 3),
      ('ultra', 'Max', 'Max', '企业与代理商，座位按需自动扩展', 'For companies and agencies, seats grow automatically as needed', 998000, '限时优惠', 'LIMITED OFFER', null, true, 4);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "plans" cascade;`);
  }

}
