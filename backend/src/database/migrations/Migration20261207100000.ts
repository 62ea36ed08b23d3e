import { Migration } from '@mikro-orm/migrations';
import { SAMPLE_QUESTIONS } from '../seeders/quiz-questions';
import { SAMPLE_QUESTIONS_EN } from '../seeders/quiz-questions.en';

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The default category's labels (quiz-rules.ts DEFAULT_CATEGORY). */
const DEFAULT_SLUG = 'general';
const DEFAULT_LABEL = '通用';
const DEFAULT_LABEL_EN = 'General';

/**
 * A bilingual question bank (docs/product.md, quiz): English texts beside the Chinese ones for the
 * question, the explanation, the category label and each option (empty: the player gets the other
 * language's). The sample questions get their English texts where a row still holds the seeded Chinese
 * text and no English yet (an admin's edits are kept).
 *
 * Repairs what the old category rule did: a question saved with the default category's label (通用) was
 * hashed into a second `c-…` category, and a label such as `General` renamed the default category for
 * everyone; both go back to the default category and its labels.
 */
export class Migration20261207100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "quiz_questions" add column "question_en" text not null default '', add column "explanation_en" text not null default '', add column "category_label_en" text not null default '';`,
    );
    this.addSql(`alter table "quiz_options" add column "text_en" text not null default '';`);
    this.addSql(
      `update "quiz_questions" set "category_slug" = '${DEFAULT_SLUG}' where "category_label" = '${DEFAULT_LABEL}' and "category_slug" <> '${DEFAULT_SLUG}';`,
    );
    this.addSql(
      `update "quiz_questions" set "category_label" = '${DEFAULT_LABEL}', "category_label_en" = '${DEFAULT_LABEL_EN}' where "category_slug" = '${DEFAULT_SLUG}';`,
    );
    const categories = new Map<string, string>();
    SAMPLE_QUESTIONS.forEach((zh, i) => {
      const en = SAMPLE_QUESTIONS_EN[i]!;
      categories.set(zh.category, en.category);
      this.addSql(
        `update "quiz_questions" set "question_en" = ${quote(en.question)}, "explanation_en" = case when "explanation" = ${quote(zh.explanation)} then ${quote(en.explanation)} else '' end where "question" = ${quote(zh.question)} and "question_en" = '';`,
      );
      zh.options.forEach((text, j) =>
        this.addSql(
          `update "quiz_options" o set "text_en" = ${quote(en.options[j]!)} from "quiz_questions" q where o."question_id" = q."id" and q."question" = ${quote(zh.question)} and o."text" = ${quote(text)} and o."text_en" = '';`,
        ),
      );
    });
    for (const [zh, en] of categories)
      this.addSql(
        `update "quiz_questions" set "category_label_en" = ${quote(en)} where "category_label" = ${quote(zh)} and "category_label_en" = '';`,
      );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "quiz_questions" drop column "question_en", drop column "explanation_en", drop column "category_label_en";`,
    );
    this.addSql(`alter table "quiz_options" drop column "text_en";`);
  }
}
