import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { i18n } from '../../../lib/i18n';
import { quizAdminQueryKey } from './get-admin-questions';
import type { QuizCategory } from './types';

export const QUIZ_CATEGORIES_PATH = '/api/quiz/admin/categories';
/** docs/product.md#errors ('Failed to fetch categories'), in the active language. */
export const failedToFetchCategories = () => i18n.t('adminQuiz:fetchCategoriesFailed');

export const quizCategoriesQueryKey = [...quizAdminQueryKey, 'categories'] as const;

/** docs/product.md#calls: GET /api/quiz/admin/categories → {categories: [{slug, label}]}. */
export async function getQuizCategories(signal?: AbortSignal): Promise<QuizCategory[]> {
  return (await api.GET(QUIZ_CATEGORIES_PATH, { signal })).categories;
}

/** A failure toasts 'Failed to fetch categories' through the global handler and shows in the page. */
export const quizCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: quizCategoriesQueryKey,
    queryFn: ({ signal }) => getQuizCategories(signal),
    meta: { errorText: failedToFetchCategories() },
  });

export const useQuizCategories = () => useQuery(quizCategoriesQueryOptions());
