import type { EntityManager } from '@mikro-orm/postgresql';
import { QuizOption, QuizQuestion } from '../../quiz/quiz-question.entity';
import { resolveCategory } from '../../quiz/quiz-rules';
import { seedReleases } from '../../releases/release-seed';
import { SAMPLE_QUESTIONS } from './quiz-questions';
import { SAMPLE_QUESTIONS_EN } from './quiz-questions.en';

/**
 * Sample data for an empty database (run after the migrations, under the migration lock), and the
 * first releases of the products in RELEASES_DIR that the releases table does not know yet.
 */
export async function runSeeders(
  em: EntityManager,
  options: { releasesDir: string },
): Promise<string[]> {
  const done: string[] = [];
  if ((await em.count(QuizQuestion, {})) === 0) {
    const categories: ReturnType<typeof resolveCategory>[] = [];
    SAMPLE_QUESTIONS.forEach((q, n) => {
      const en = SAMPLE_QUESTIONS_EN[n]!;
      const category = resolveCategory({ label: q.category, labelEn: en.category }, categories);
      categories.push(category);
      const question = em.create(QuizQuestion, {
        question: q.question,
        questionEn: en.question,
        explanation: q.explanation,
        explanationEn: en.explanation,
        categorySlug: category.slug,
        categoryLabel: category.label,
        categoryLabelEn: category.labelEn,
      });
      q.options.forEach((text, i) =>
        em.create(QuizOption, {
          question,
          text,
          textEn: en.options[i] ?? '',
          originOrder: i,
          isCorrect: i === 0,
        }),
      );
    });
    await em.flush();
    done.push(`quiz: ${SAMPLE_QUESTIONS.length} questions`);
  }
  const releases = await seedReleases(em, options.releasesDir);
  if (releases.length) done.push(`releases: ${releases.join(', ')}`);
  return done;
}
