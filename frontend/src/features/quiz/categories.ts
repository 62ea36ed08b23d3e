import type { QuizQuestion } from './api/types';

/** A category as the start screen offers it (the label in the player's language). */
export interface PlayerCategory {
  slug: string;
  label: string;
}

/**
 * The categories present in a list of questions, each once, in order of first appearance (the start
 * screen's choice). A question without a slug falls under its label.
 */
export function categoriesOf(questions: readonly QuizQuestion[]): PlayerCategory[] {
  const seen = new Map<string, PlayerCategory>();
  for (const question of questions) {
    const label = question.categoryLabel?.trim();
    const slug = question.categorySlug?.trim() || label;
    if (!slug || seen.has(slug)) continue;
    seen.set(slug, { slug, label: label || slug });
  }
  return [...seen.values()];
}
