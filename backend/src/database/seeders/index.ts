import type { EntityManager } from '@mikro-orm/postgresql';
import { QuizOption, QuizQuestion } from '../../quiz/quiz-question.entity';
import { categoryOf } from '../../quiz/quiz-rules';
import { seedReleases } from '../../releases/release-seed';
import { SAMPLE_QUESTIONS } from './quiz-questions';

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
    for (const q of SAMPLE_QUESTIONS) {
      const category = categoryOf(q.category);
      const question = em.create(QuizQuestion, {
        question: q.question,
        explanation: q.explanation,
        categorySlug: category.slug,
        categoryLabel: category.label,
      });
      q.options.forEach((text, i) =>
        em.create(QuizOption, { question, text, originOrder: i, isCorrect: i === 0 }),
      );
    }
    await em.flush();
    done.push(`quiz: ${SAMPLE_QUESTIONS.length} questions`);
  }
  const releases = await seedReleases(em, options.releasesDir);
  if (releases.length) done.push(`releases: ${releases.join(', ')}`);
  return done;
}
