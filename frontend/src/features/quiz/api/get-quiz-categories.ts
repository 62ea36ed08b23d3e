import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { rethrowAs } from '../../../lib/admin-errors';
import { quizAdminQueryKey } from './get-admin-questions';
import type { QuizCategory } from './types';

export const QUIZ_CATEGORIES_PATH = '/api/quiz/admin/categories';
export const FAILED_TO_FETCH_CATEGORIES = 'Failed to fetch categories';

export const quizCategoriesQueryKey = [...quizAdminQueryKey, 'categories'] as const;

/** Spec §7: GET /api/quiz/admin/categories → {categories: [{slug, label}]}. */
export async function getQuizCategories(signal?: AbortSignal): Promise<QuizCategory[]> {
  try {
    return (await api.GET(QUIZ_CATEGORIES_PATH, { signal })).categories;
  } catch (error) {
    return rethrowAs(error, FAILED_TO_FETCH_CATEGORIES);
  }
}

export const quizCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: quizCategoriesQueryKey,
    queryFn: ({ signal }) => getQuizCategories(signal),
  });

export const useQuizCategories = () => useQuery(quizCategoriesQueryOptions());
