import { Migration } from '@mikro-orm/migrations';

export class Migration20261126001717 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "quiz_questions" ("id" uuid not null, "question" text not null, "explanation" text not null, "category_slug" text not null, "category_label" text not null, "is_active" boolean not null default true, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "quiz_questions_pkey" primary key ("id"));`);
    this.addSql(`create index "quiz_questions_category_slug_is_active_index" on "quiz_questions" ("category_slug", "is_active");`);

    this.addSql(`create table "quiz_options" ("id" uuid not null, "question_id" uuid not null, "text" text not null, "origin_order" int not null, "is_correct" boolean not null, constraint "quiz_options_pkey" primary key ("id"));`);

    this.addSql(`alter table "quiz_options" add constraint "quiz_options_question_id_foreign" foreign key ("question_id") references "quiz_questions" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "quiz_options" drop constraint "quiz_options_question_id_foreign";`);

    this.addSql(`drop table if exists "quiz_questions" cascade;`);

    this.addSql(`drop table if exists "quiz_options" cascade;`);
  }

}
