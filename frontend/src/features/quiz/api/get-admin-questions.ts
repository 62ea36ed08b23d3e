import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { i18n } from '../../../lib/i18n';
import type { AdminQuizQuestion } from './types';

export const ADMIN_QUESTIONS_PATH = '/api/quiz/admin/questions';
/** docs/product.md#errors ('Failed to fetch questions'), in the active language. */
export const failedToFetchQuestions = () => i18n.t('adminQuiz:fetchQuestionsFailed');

/** Every admin quiz query starts with this key: mutations invalidate it. */
export const quizAdminQueryKey = ['quiz', 'admin'] as const;
export const adminQuestionsQueryKey = (category: string | null) =>
  [...quizAdminQueryKey, 'questions', category ?? 'all'] as const;

/** docs/product.md#calls: GET /api/quiz/admin/questions[?category=slug] → {questions}, newest first. */
export async function getAdminQuestions(
  category: string | null,
  signal?: AbortSignal,
): Promise<AdminQuizQuestion[]> {
  const answer = await api.GET(ADMIN_QUESTIONS_PATH, {
    params: { query: category ? { category } : {} },
    signal,
  });
  return answer.questions;
}

/** A failure toasts 'Failed to fetch questions' through the global handler and shows in the page. */
export const adminQuestionsQueryOptions = (category: string | null) =>
  queryOptions({
    queryKey: adminQuestionsQueryKey(category),
    queryFn: ({ signal }) => getAdminQuestions(category, signal),
    placeholderData: keepPreviousData,
    meta: { errorText: failedToFetchQuestions() },
  });

export const useAdminQuestions = (category: string | null) =>
  useQuery(adminQuestionsQueryOptions(category));
