import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { api } from '../../../lib/api/client';
import type { QuizQuestion } from './types';

export const QUIZ_QUESTIONS_PATH = '/api/quiz/questions';

/** 'all' or a category slug. */
export type QuizCategoryFilter = string;
export const ALL_CATEGORIES = 'all';

export const quizQuestionsQueryKey = (category: QuizCategoryFilter = ALL_CATEGORIES) =>
  ['quiz', 'questions', category] as const;

/** docs/product.md#calls: GET /api/quiz/questions[?category=slug] → {questions}; needs a valid plan (else 403). */
export async function getQuizQuestions(
  category: QuizCategoryFilter = ALL_CATEGORIES,
  signal?: AbortSignal,
): Promise<QuizQuestion[]> {
  const answer = await api.GET(QUIZ_QUESTIONS_PATH, {
    params: { query: category === ALL_CATEGORIES ? {} : { category } },
    signal,
  });
  return answer.questions;
}

/** The page shows its own loading-error states (docs/product.md#errors), so no toast. */
export const quizQuestionsQueryOptions = (category: QuizCategoryFilter = ALL_CATEGORIES) =>
  queryOptions({
    queryKey: quizQuestionsQueryKey(category),
    queryFn: ({ signal }) => getQuizQuestions(category, signal),
    meta: { silent: true },
  });

export const useQuizQuestions = () => useQuery(quizQuestionsQueryOptions());

/** docs/product.md#errors: a refused questions call ('Failed to fetch questions' for want of a plan) is a 403. */
export const isPlanNeeded = (error: unknown): boolean => isApiError(error) && error.status === 403;
