import type { QuizQuestion } from './api/types';

/** A number in [0, 1), like Math.random (tests pass a seeded one). */
export type Random = () => number;

/** Fisher–Yates: a shuffled copy; the input is left as it was. */
export function shuffle<T>(items: readonly T[], random: Random = Math.random): T[] {
  const copy = items.slice();
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * docs/product.md#states: starting a quiz shuffles the question order and each question's option order. Every
 * option keeps its id, text and correctness; the questions given are not changed.
 */
export function shuffleQuiz(questions: readonly QuizQuestion[], random: Random = Math.random) {
  return shuffle(questions, random).map((question) => ({
    ...question,
    options: shuffle(question.options, random).map((option) => ({ ...option })),
  }));
}
