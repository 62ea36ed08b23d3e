import type { AnswerRecords } from './answer-store';

/** docs/product.md#data Quiz statistics. */
export interface QuizStatistics {
  totalAnswered: number;
  correctCount: number;
  wrongCount: number;
  /** Percent of answered questions that were right, 0-100 (0 when nothing was answered). */
  accuracy: number;
  /** Seconds. */
  totalTimeSpent: number;
  wrongQuestionIds: string[];
}

/**
 * Statistics of the stored answers. With `questionIds`, only those questions count, in that order
 * (for wrongQuestionIds); otherwise every record counts, in stored order.
 */
export function computeStatistics(
  answers: AnswerRecords,
  questionIds?: readonly string[],
): QuizStatistics {
  const ids = questionIds ?? Object.keys(answers);
  let totalAnswered = 0;
  let correctCount = 0;
  let totalTimeSpent = 0;
  const wrongQuestionIds: string[] = [];
  for (const id of ids) {
    const record = answers[id];
    if (!record) continue;
    totalAnswered += 1;
    totalTimeSpent += Math.max(0, record.timeSpent);
    if (record.isCorrect) correctCount += 1;
    else wrongQuestionIds.push(id);
  }
  return {
    totalAnswered,
    correctCount,
    wrongCount: totalAnswered - correctCount,
    accuracy: totalAnswered === 0 ? 0 : (correctCount / totalAnswered) * 100,
    totalTimeSpent,
    wrongQuestionIds,
  };
}
