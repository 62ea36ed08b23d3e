import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { api } from '../../../lib/api/client';
import { currentLanguage, useLanguage, type Language } from '../../../lib/i18n';
import type { QuizQuestion } from './types';

export const QUIZ_QUESTIONS_PATH = '/api/quiz/questions';

/** 'all' or a category slug. */
export type QuizCategoryFilter = string;
export const ALL_CATEGORIES = 'all';

export const quizQuestionsQueryKey = (
  category: QuizCategoryFilter = ALL_CATEGORIES,
  language: Language = currentLanguage(),
) => ['quiz', 'questions', category, language] as const;

/**
 * docs/product.md#calls: GET /api/quiz/questions[?category=slug]&lang= → {questions}, their texts in the
 * interface's language (the other's where a question has none); needs a valid plan (else 403).
 */
export async function getQuizQuestions(
  category: QuizCategoryFilter = ALL_CATEGORIES,
  signal?: AbortSignal,
  language: Language = currentLanguage(),
): Promise<QuizQuestion[]> {
  const answer = await api.GET(QUIZ_QUESTIONS_PATH, {
    params: {
      query: { ...(category === ALL_CATEGORIES ? {} : { category }), lang: language },
    },
    signal,
  });
  return answer.questions;
}

/** The page shows its own loading-error states (docs/product.md#errors), so no toast. */
export const quizQuestionsQueryOptions = (
  category: QuizCategoryFilter = ALL_CATEGORIES,
  language: Language = currentLanguage(),
) =>
  queryOptions({
    queryKey: quizQuestionsQueryKey(category, language),
    queryFn: ({ signal }) => getQuizQuestions(category, signal, language),
    meta: { silent: true },
  });

export const useQuizQuestions = () =>
  useQuery(quizQuestionsQueryOptions(ALL_CATEGORIES, useLanguage()));

/** docs/product.md#errors: a refused questions call ('Failed to fetch questions' for want of a plan) is a 403. */
export const isPlanNeeded = (error: unknown): boolean => isApiError(error) && error.status === 403;
